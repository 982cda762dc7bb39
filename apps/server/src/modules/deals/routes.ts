import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ActiveDeal, CreateDealBody, Deal, DealId, EndDealBody, ErrorBody, StreamId, WaitlistResult } from '@live-market/contract';
import { currentUserId, readSession, requireUser, type Auth } from '../auth/index.js';
import type { DealsService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export interface DealsRoutesOptions {
  auth: Auth;
  deals: DealsService;
}

// Issue 14: flash deals. Buying one is POST /api/orders with its dealId (the orders module).
export async function dealsRoutes(base: FastifyInstance, opts: DealsRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  const { deals } = opts;

  app.post('/api/streams/:id/deals', { onRequest: signedIn, schema: { params: StreamId, body: CreateDealBody, response: { 201: Deal, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await deals.start(currentUserId(request), request.params.id, request.body)),
  );

  // Public like the show; a signed-in viewer also learns what they bought, their waitlist place and hold.
  app.get('/api/streams/:id/deal/active', { schema: { params: StreamId, response: { 200: ActiveDeal, ...errors } } }, async (request, reply) => {
    const user = await readSession(opts.auth, request);
    return reply.header('cache-control', 'no-store').send(await deals.active(request.params.id, user?.id));
  });

  app.patch('/api/deals/:id', { onRequest: signedIn, schema: { params: DealId, body: EndDealBody, response: { 200: Deal, ...errors } } }, (request) =>
    deals.end(currentUserId(request), request.params.id),
  );

  app.post('/api/deals/:id/waitlist', { onRequest: signedIn, schema: { params: DealId, response: { 200: WaitlistResult, 201: WaitlistResult, ...errors } } }, async (request, reply) => {
    const { created, result } = await deals.joinWaitlist(currentUserId(request), request.params.id);
    return reply.code(created ? 201 : 200).send(result);
  });
}
