import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, PushPublicKey, PushSubscriptionBody, PushUnsubscribeBody } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import type { VapidConfig } from '../../config/vapid.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { isPushServiceHost } from './agent.js';
import { removeSubscription, saveSubscription } from './subscriptions.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

// Issue 13: a browser subscribes with the server's VAPID key, and says when it stops.
// The body's endpoint is already https on a plain host, re-serialised (the contract); the sender's
// agent checks the host again when it connects.

export async function pushRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db; vapid: VapidConfig | null; pushServiceHosts: readonly string[] }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, vapid } = opts;
  const signedIn = requireUser(opts.auth);
  const pushOn = async () => {
    if (!vapid) throw new HttpError(404, 'Web Push is not set up on this server');
  };

  // Public: the key is in every push the server sends anyway.
  app.get('/api/push/public-key', { schema: { response: { 200: PushPublicKey, 404: ErrorBody } } }, async () => {
    if (!vapid) throw new HttpError(404, 'Web Push is not set up on this server');
    return { publicKey: vapid.publicKey };
  });

  app.post(
    '/api/push/subscriptions',
    { onRequest: signedIn, preHandler: pushOn, schema: { body: PushSubscriptionBody, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!isPushServiceHost(new URL(request.body.endpoint).hostname, opts.pushServiceHosts)) throw new HttpError(400, 'This push service is not supported');
      await saveSubscription(db, currentUserId(request), request.body);
      return reply.code(204).send(null);
    },
  );

  // Signing out of push on one browser; always 204, so nobody learns whose endpoint is whose.
  app.delete(
    '/api/push/subscriptions',
    { onRequest: signedIn, schema: { body: PushUnsubscribeBody, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await removeSubscription(db, currentUserId(request), request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
}
