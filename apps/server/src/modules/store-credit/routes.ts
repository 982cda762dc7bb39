import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, StoreCredit } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { storeCreditOf } from './service.js';

// Issue 26: the signed-in buyer's own store credit; whose it is comes from the session.
export async function storeCreditRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/store-credit', { onRequest: requireUser(opts.auth), schema: { response: { 200: StoreCredit, 401: ErrorBody } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return storeCreditOf(opts.db, currentUserId(request));
  });
}
