import { z } from 'zod';
import { VerificationLevel } from './catalog.js';
import { ReturnReason } from './shipping.js';
import { SupportCategory, TicketMessage, TicketStatus } from './support.js';
import { multiLine, singleLine } from './text.js';

// Issue 28, item 5: the operator console. Everything under /api/admin/* answers 403 to anyone who is
// not an operator (a phone in OPERATOR_PHONES, or granted by `npm run admin -- grant-operator {phone}`).

export const OPERATOR_REFUND_APPROVAL_RUPEES_DEFAULT = 10_000;

/** Every operator action says why: the audit log keeps it. */
export const OperatorReason = singleLine().min(3, 'Say why (at least 3 characters)').max(500, 'Keep the reason under 500 characters');
export const ReasonBody = z.object({ reason: OperatorReason });
export type ReasonBody = z.input<typeof ReasonBody>;

export const AdminIdParam = z.object({ id: z.uuid('Invalid id') });

/** GET /api/admin/overview: how long each queue is, for the console's tabs. */
export const AdminOverview = z.object({
  verifications: z.number().int(),
  reports: z.number().int(),
  returns: z.number().int(),
  tickets: z.number().int(),
  refundApprovals: z.number().int(),
  liveStreams: z.number().int(),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

/** GET /api/admin/verifications: pending seller verification submissions, oldest first. */
export const AdminVerification = z.object({
  id: z.uuid(),
  sellerId: z.uuid(),
  storeName: z.string(),
  panNumber: z.string(),
  gstNumber: z.string().nullable(),
  businessPhone: z.string(),
  createdAt: z.iso.datetime(),
});
export type AdminVerification = z.infer<typeof AdminVerification>;
export const AdminVerificationList = z.array(AdminVerification);
/** POST /api/admin/verifications/{id}/approve */
export const ApproveVerificationBody = z.object({ level: VerificationLevel.exclude(['none']) });
export type ApproveVerificationBody = z.input<typeof ApproveVerificationBody>;
// POST /api/admin/verifications/{id}/reject takes ReasonBody.

/** GET /api/admin/reports: reported chat messages across every store, most reported first. */
export const AdminReport = z.object({
  messageId: z.uuid(),
  streamId: z.uuid(),
  sellerId: z.uuid(),
  storeName: z.string(),
  authorId: z.uuid(),
  authorName: z.string(),
  message: z.string(),
  reports: z.number().int().positive(),
  createdAt: z.iso.datetime(),
});
export type AdminReport = z.infer<typeof AdminReport>;
export const AdminReportList = z.array(AdminReport);
/** POST /api/admin/reports/{messageId}/resolve: remove the message from the chat, or dismiss the reports. */
export const ResolveReportBody = z.object({ action: z.enum(['remove', 'dismiss']), reason: OperatorReason });
export type ResolveReportBody = z.input<typeof ResolveReportBody>;

/** GET /api/admin/returns: returns the buyer escalated after the store refused them, oldest first. */
export const AdminReturn = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  storeName: z.string(),
  buyerName: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  reason: ReturnReason,
  note: z.string(),
  sellerNote: z.string(),
  photoUrls: z.array(z.string()),
  amount: z.string(),
  createdAt: z.iso.datetime(),
});
export type AdminReturn = z.infer<typeof AdminReturn>;
export const AdminReturnList = z.array(AdminReturn);
/** POST /api/admin/returns/{id}/decide: 'refund' approves the return for the buyer; 'reject' closes it. */
export const DecideReturnBody = z.object({ decision: z.enum(['refund', 'reject']), reason: OperatorReason });
export type DecideReturnBody = z.input<typeof DecideReturnBody>;

/** GET /api/admin/tickets?status=open|answered|resolved: every user's, the clocks' soonest first. */
export const AdminTicketsQuery = z.object({ status: TicketStatus.optional() });
export const AdminTicket = z.object({
  id: z.uuid(),
  ticketNumber: z.string(),
  category: SupportCategory,
  status: TicketStatus,
  userName: z.string(),
  orderId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  acknowledgeBy: z.iso.datetime(),
  resolveBy: z.iso.datetime(),
  messages: z.array(TicketMessage),
});
export type AdminTicket = z.infer<typeof AdminTicket>;
export const AdminTicketList = z.array(AdminTicket);
/** POST /api/admin/tickets/{id}/answer: the answer reaches the user's /support; resolve closes the ticket. */
export const AnswerTicketBody = z.object({
  message: multiLine().min(1, 'Write an answer').max(2000, 'Your message is too long'),
  resolve: z.boolean().default(false),
});
export type AnswerTicketBody = z.input<typeof AnswerTicketBody>;

/** GET /api/admin/streams: shows live now. POST /api/admin/streams/{id}/end takes ReasonBody. */
export const AdminStream = z.object({
  id: z.uuid(),
  title: z.string(),
  sellerId: z.uuid(),
  storeName: z.string(),
  viewerCount: z.number().int(),
  startedAt: z.iso.datetime().nullable(),
});
export type AdminStream = z.infer<typeof AdminStream>;
export const AdminStreamList = z.array(AdminStream);

/** GET /api/admin/users?q=: find a person by phone (the last digits do) or by name or store name. */
export const AdminUsersQuery = z.object({ q: singleLine().min(2, 'Type at least 2 characters').max(60) });
export const AdminUser = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string().nullable(),
  sellerId: z.uuid().nullable(),
  storeName: z.string().nullable(),
  suspended: z.object({ reason: z.string(), at: z.iso.datetime() }).nullable(),
  payoutsHeld: z.object({ reason: z.string(), at: z.iso.datetime() }).nullable(),
  isOperator: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof AdminUser>;
export const AdminUserList = z.array(AdminUser);
// POST /api/admin/users/{id}/suspend, /restore and /api/admin/sellers/{id}/payouts/hold, /release take
// ReasonBody and answer AdminUser.

/** GET /api/admin/orders/{id}: what an operator needs to refund it. */
export const AdminOrder = z.object({
  id: z.uuid(),
  ref: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  buyerName: z.string(),
  storeName: z.string(),
  total: z.string(),
  refundable: z.string(),
  createdAt: z.iso.datetime(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/**
 * POST /api/admin/orders/{id}/refund {reason}: refunds what is left of the order. Up to
 * OPERATOR_REFUND_APPROVAL_RUPEES it is done at once; above, it waits for a second operator.
 */
export const AdminRefundResult = z.object({
  status: z.enum(['refunded', 'awaiting_approval']),
  amount: z.string(),
  approvalId: z.uuid().nullable(),
});
export type AdminRefundResult = z.infer<typeof AdminRefundResult>;

/** GET /api/admin/refund-approvals: refunds waiting for a second operator. POST .../{id}/approve or /decline (ReasonBody). */
export const RefundApproval = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderRef: z.string(),
  amount: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedById: z.uuid(),
  status: z.enum(['pending', 'approved', 'declined']),
  createdAt: z.iso.datetime(),
});
export type RefundApproval = z.infer<typeof RefundApproval>;
export const RefundApprovalList = z.array(RefundApproval);

export const AUDIT_ACTIONS = [
  'verification_approved',
  'verification_rejected',
  'report_removed',
  'report_dismissed',
  'return_refunded',
  'return_rejected',
  'ticket_answered',
  'ticket_resolved',
  'stream_ended',
  'user_suspended',
  'user_restored',
  'payouts_held',
  'payouts_released',
  'refund_requested',
  'refund_approved',
  'refund_declined',
  'refund_issued',
  'operator_granted',
] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** GET /api/admin/audit?cursor=: append-only, newest first; who, when, what and why. */
export const AuditQuery = z.object({ cursor: z.string().max(100).optional() });
export const AuditEntry = z.object({
  id: z.uuid(),
  operatorId: z.uuid().nullable(),
  operatorName: z.string(),
  action: AuditAction,
  targetType: z.enum(['submission', 'message', 'return', 'ticket', 'stream', 'user', 'seller', 'order', 'approval', 'phone']),
  targetId: z.string(),
  reason: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = z.object({ entries: z.array(AuditEntry), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPage>;
