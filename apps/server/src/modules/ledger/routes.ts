import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, LedgerQuery, MonthParam, SellerLedger } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { storeOf } from '../sellers/index.js';
import type { LedgerService } from './service.js';
import { statementCsv } from './statement.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

// Issue 26: the seller's own ledger and monthly statements; the store comes from the session.
export async function ledgerRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db; ledger: LedgerService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  const sellerId = async (userId: string) => (await storeOf(opts.db, userId)).id;

  app.get('/api/seller/ledger', { onRequest: signedIn, schema: { querystring: LedgerQuery, response: { 200: SellerLedger, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return opts.ledger.ledger(await sellerId(currentUserId(request)), request.query);
  });

  app.get('/api/seller/statements/:month', { onRequest: signedIn, schema: { params: MonthParam, response: { 200: z.string(), ...errors } } }, async (request, reply) => {
    const lines = await opts.ledger.month(await sellerId(currentUserId(request)), request.params.month);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="livemarket-statement-${request.params.month}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(statementCsv(lines));
  });
}
