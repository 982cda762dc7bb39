import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AnswerReturnBody, CreateReturnBody, ErrorBody, OrderIdParam, ReturnIdParam, ReturnList, ReturnRequest } from '@live-market/contract';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { ReturnPickups } from './pickup.js';
import type { ReturnsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };

// Issue 27: the buyer asks, the store answers, the courier picks it up, the buyer is refunded.
export async function returnsRoutes(base: FastifyInstance, opts: { auth: Auth; returns: ReturnsService; pickups: ReturnPickups }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  app.post('/api/orders/:orderId/returns', { onRequest: signedIn, schema: { params: OrderIdParam, body: CreateReturnBody, response: { 201: ReturnRequest, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await opts.returns.create(currentUserId(request), request.params.orderId, request.body)),
  );
  app.get('/api/orders/:orderId/returns', { onRequest: signedIn, schema: { params: OrderIdParam, response: { 200: ReturnList, ...errors } } }, (request) =>
    opts.returns.ofOrder(currentUserId(request), request.params.orderId),
  );
  app.patch('/api/returns/:id', { onRequest: signedIn, schema: { params: ReturnIdParam, body: AnswerReturnBody, response: { 200: ReturnRequest, ...errors } } }, (request) =>
    opts.pickups.answer(currentUserId(request), request.params.id, request.body),
  );
  app.post('/api/returns/:id/escalate', { onRequest: signedIn, schema: { params: ReturnIdParam, response: { 200: ReturnRequest, ...errors } } }, (request) =>
    opts.returns.escalate(currentUserId(request), request.params.id),
  );
}
