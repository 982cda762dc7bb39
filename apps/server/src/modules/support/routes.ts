import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CreateTicketBody, ErrorBody, GRIEVANCE_ACKNOWLEDGE_HOURS, GRIEVANCE_RESOLVE_DAYS, GrievanceOfficer, TicketCreated, TicketList } from '@live-market/contract';
import type { TrustConfig } from '../../config/trust.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import type { SupportService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody };

// Issue 28, item 3: the grievance desk and its officer.
export async function supportRoutes(base: FastifyInstance, opts: { auth: Auth; support: SupportService; trust: TrustConfig }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  app.post('/api/support/tickets', { onRequest: signedIn, schema: { body: CreateTicketBody, response: { 201: TicketCreated, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await opts.support.open(currentUserId(request), request.body)),
  );
  app.get('/api/support/tickets', { onRequest: signedIn, schema: { response: { 200: TicketList, ...errors } } }, (request) => opts.support.mine(currentUserId(request)));
  // Public: the law wants the officer named where anyone can read it, signed in or not.
  app.get('/api/grievance-officer', { schema: { response: { 200: GrievanceOfficer } } }, async () => {
    const { name, email, phone } = opts.trust.grievanceOfficer;
    return { name, email, phone, acknowledgeHours: GRIEVANCE_ACKNOWLEDGE_HOURS, resolveDays: GRIEVANCE_RESOLVE_DAYS };
  });
}
