import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, Refund, RefundMethodBody, RefundParams } from '@live-market/contract';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { RefundsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody };

// Issue 26: the buyer of a cash-on-delivery order says where its refund goes; whose order it is comes from the session.
export async function refundsRoutes(base: FastifyInstance, opts: { auth: Auth; refunds: RefundsService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/orders/:orderId/refunds/:refundId/method',
    { onRequest: requireUser(opts.auth), schema: { params: RefundParams, body: RefundMethodBody, response: { 200: Refund, ...errors } } },
    (request) => opts.refunds.choose(currentUserId(request), request.params.orderId, request.params.refundId, request.body),
  );
}
