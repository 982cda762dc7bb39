import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeleteAccountBody, ErrorBody } from '@live-market/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { eraseAccount } from './erase.js';
import { exportUserData } from './export.js';

/** Ends one session on every instance (its sockets close): the app's sign-out path. */
export type EndSession = (user: { id: string; sessionId: string }) => Promise<void>;

// Issue 28, item 4: the Digital Personal Data Protection Act's rights of access and erasure.
export async function privacyRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db; endSession: EndSession }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  app.post(
    '/api/me/delete',
    { onRequest: signedIn, schema: { body: DeleteAccountBody, response: { 200: z.object({ erased: z.literal(true) }), 400: ErrorBody, 401: ErrorBody, 409: ErrorBody } } },
    async (request) => {
      const userId = currentUserId(request);
      const { sessionIds } = await eraseAccount(opts.db, userId);
      for (const sessionId of sessionIds) await opts.endSession({ id: userId, sessionId });
      return { erased: true as const };
    },
  );
  app.get('/api/me/export', { onRequest: signedIn }, async (request, reply) => {
    const data = await exportUserData(opts.db, currentUserId(request));
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="livemarket-my-data-${day}.json"`)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
}
