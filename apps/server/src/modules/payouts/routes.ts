import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, PayoutAccount, PayoutAccountBody, PayoutList } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { storeOf } from '../sellers/index.js';
import type { PayoutsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

// Issue 26: where the seller's money goes, and what was paid. Numbers are shown masked once saved.
export async function payoutsRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db; payouts: PayoutsService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  const sellerId = async (userId: string) => (await storeOf(opts.db, userId)).id;

  app.get('/api/seller/payout-account', { onRequest: signedIn, schema: { response: { 200: PayoutAccount.nullable(), ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return opts.payouts.account(await sellerId(currentUserId(request)));
  });
  app.put('/api/seller/payout-account', { onRequest: signedIn, schema: { body: PayoutAccountBody, response: { 200: PayoutAccount, ...errors } } }, async (request) =>
    opts.payouts.saveAccount(await sellerId(currentUserId(request)), request.body),
  );
  app.get('/api/seller/payouts', { onRequest: signedIn, schema: { response: { 200: PayoutList, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return opts.payouts.list(await sellerId(currentUserId(request)));
  });
}
