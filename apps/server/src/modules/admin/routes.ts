import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminIdParam,
  AdminOrder,
  AdminOverview,
  AdminRefundResult,
  AdminReportList,
  AdminReturnList,
  AdminStreamList,
  AdminTicket,
  AdminTicketList,
  AdminTicketsQuery,
  AdminUser,
  AdminUserList,
  AdminUsersQuery,
  AdminVerificationList,
  AnswerTicketBody,
  ApproveVerificationBody,
  AuditPage,
  AuditQuery,
  DecideReturnBody,
  ErrorBody,
  ReasonBody,
  RefundApproval,
  RefundApprovalList,
  ResolveReportBody,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { currentUserId, type Auth } from '../auth/index.js';
import type { OperatorModeration } from '../moderation/index.js';
import type { Actions } from './actions.js';
import { auditPage } from './audit.js';
import { requireOperator } from './guard.js';
import type { People } from './people.js';
import type { Queues } from './queues.js';
import type { OperatorRefunds } from './refunds.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody };
const done = { 204: z.null(), ...errors };

export interface AdminRoutesOptions {
  auth: Auth;
  db: Db;
  operatorPhones: readonly string[];
  queues: Queues;
  actions: Actions;
  people: People;
  refunds: OperatorRefunds;
  moderation: Pick<OperatorModeration, 'reports'>;
}

// Issue 28, item 5: the operator console's API. Every route here is behind requireOperator (the plugin's hook).
export async function adminRoutes(base: FastifyInstance, opts: AdminRoutesOptions) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { queues, actions, people, refunds } = opts;
  app.addHook('onRequest', requireOperator(opts.auth, opts.db, opts.operatorPhones));
  const me = currentUserId;
  const reason = { params: AdminIdParam, body: ReasonBody };

  app.get('/api/admin/overview', { schema: { response: { 200: AdminOverview, ...errors } } }, () => queues.overview());

  app.get('/api/admin/verifications', { schema: { response: { 200: AdminVerificationList, ...errors } } }, () => queues.verifications());
  app.post('/api/admin/verifications/:id/approve', { schema: { params: AdminIdParam, body: ApproveVerificationBody, response: done } }, async (request, reply) => {
    await actions.approveVerification(me(request), request.params.id, request.body);
    return reply.code(204).send(null);
  });
  app.post('/api/admin/verifications/:id/reject', { schema: { ...reason, response: done } }, async (request, reply) => {
    await actions.rejectVerification(me(request), request.params.id, request.body.reason);
    return reply.code(204).send(null);
  });

  app.get('/api/admin/reports', { schema: { response: { 200: AdminReportList, ...errors } } }, () => opts.moderation.reports());
  app.post('/api/admin/reports/:id/resolve', { schema: { params: AdminIdParam, body: ResolveReportBody, response: done } }, async (request, reply) => {
    await actions.resolveReport(me(request), request.params.id, request.body);
    return reply.code(204).send(null);
  });

  app.get('/api/admin/returns', { schema: { response: { 200: AdminReturnList, ...errors } } }, () => queues.returns());
  app.post('/api/admin/returns/:id/decide', { schema: { params: AdminIdParam, body: DecideReturnBody, response: done } }, async (request, reply) => {
    await actions.decideReturn(me(request), request.params.id, request.body);
    return reply.code(204).send(null);
  });

  app.get('/api/admin/tickets', { schema: { querystring: AdminTicketsQuery, response: { 200: AdminTicketList, ...errors } } }, (request) => queues.tickets(request.query.status));
  app.post('/api/admin/tickets/:id/answer', { schema: { params: AdminIdParam, body: AnswerTicketBody, response: { 200: AdminTicket, ...errors } } }, (request) =>
    actions.answerTicket(me(request), request.params.id, request.body),
  );

  app.get('/api/admin/streams', { schema: { response: { 200: AdminStreamList, ...errors } } }, () => queues.streams());
  app.post('/api/admin/streams/:id/end', { schema: { ...reason, response: done } }, async (request, reply) => {
    await actions.endStream(me(request), request.params.id, request.body.reason);
    return reply.code(204).send(null);
  });

  app.get('/api/admin/users', { schema: { querystring: AdminUsersQuery, response: { 200: AdminUserList, ...errors } } }, (request) => people.search(request.query.q));
  app.post('/api/admin/users/:id/suspend', { schema: { ...reason, response: { 200: AdminUser, ...errors } } }, (request) =>
    people.suspend(me(request), request.params.id, request.body.reason),
  );
  app.post('/api/admin/users/:id/restore', { schema: { ...reason, response: { 200: AdminUser, ...errors } } }, (request) =>
    people.restore(me(request), request.params.id, request.body.reason),
  );
  app.post('/api/admin/sellers/:id/payouts/hold', { schema: { ...reason, response: { 200: AdminUser, ...errors } } }, (request) =>
    people.holdPayouts(me(request), request.params.id, request.body.reason),
  );
  app.post('/api/admin/sellers/:id/payouts/release', { schema: { ...reason, response: { 200: AdminUser, ...errors } } }, (request) =>
    people.releasePayouts(me(request), request.params.id, request.body.reason),
  );

  app.get('/api/admin/orders/:id', { schema: { params: AdminIdParam, response: { 200: AdminOrder, ...errors } } }, (request) => queues.order(request.params.id));
  app.post('/api/admin/orders/:id/refund', { schema: { ...reason, response: { 200: AdminRefundResult, ...errors } } }, (request) =>
    refunds.refund(me(request), request.params.id, request.body.reason),
  );
  app.get('/api/admin/refund-approvals', { schema: { response: { 200: RefundApprovalList, ...errors } } }, () => refunds.pending());
  app.post('/api/admin/refund-approvals/:id/approve', { schema: { ...reason, response: { 200: RefundApproval, ...errors } } }, (request) =>
    refunds.approve(me(request), request.params.id, request.body.reason),
  );
  app.post('/api/admin/refund-approvals/:id/decline', { schema: { ...reason, response: { 200: RefundApproval, ...errors } } }, (request) =>
    refunds.decline(me(request), request.params.id, request.body.reason),
  );

  app.get('/api/admin/audit', { schema: { querystring: AuditQuery, response: { 200: AuditPage, ...errors } } }, (request) => auditPage(opts.db, request.query.cursor));
}
