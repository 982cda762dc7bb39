import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, OrderIdParam } from '@live-market/contract';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { CodConfirmations } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const TokenParam = z.object({ token: z.string().regex(/^[\w-]{20,64}$/, 'This confirmation link is not valid') });

// Issue 27: the buyer confirms a cash-on-delivery order, from the message's link or from the order itself.
export async function codConfirmationsRoutes(base: FastifyInstance, opts: { auth: Auth; cod: CodConfirmations }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post('/api/cod-confirmations/:token', { schema: { params: TokenParam, response: { 200: z.object({ orderId: z.uuid() }), ...errors } } }, (request) =>
    opts.cod.confirmByToken(request.params.token),
  );
  app.post('/api/orders/:orderId/confirm-cod', { onRequest: requireUser(opts.auth), schema: { params: OrderIdParam, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } }, async (request) => {
    await opts.cod.confirmByBuyer(currentUserId(request), request.params.orderId);
    return { ok: true as const };
  });
}
