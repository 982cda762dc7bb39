import { z } from 'zod';
import { multiLine } from './text.js';

// Issue 28, item 3: the grievance desk. The Consumer Protection (E-Commerce) Rules 2020: a complaint is
// acknowledged within 48 hours and resolved within a month.
export const GRIEVANCE_ACKNOWLEDGE_HOURS = 48;
export const GRIEVANCE_RESOLVE_DAYS = 30;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;

export const SUPPORT_CATEGORIES = ['order', 'delivery', 'return_refund', 'payment', 'seller', 'account', 'privacy', 'other'] as const;
export const SupportCategory = z.enum(SUPPORT_CATEGORIES, { error: 'Choose what it is about' });
export type SupportCategory = z.infer<typeof SupportCategory>;

export const TICKET_STATUSES = ['open', 'answered', 'resolved'] as const;
export const TicketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatus>;

export const CreateTicketBody = z.object({
  orderId: z.uuid('Invalid order id').optional(),
  category: SupportCategory,
  message: multiLine().min(SUPPORT_MESSAGE_MIN, 'Tell us a little more (at least 10 characters)').max(SUPPORT_MESSAGE_MAX, 'Your message is too long'),
});
export type CreateTicketBody = z.input<typeof CreateTicketBody>;

export const TicketCreated = z.object({ id: z.uuid(), ticketNumber: z.string() });
export type TicketCreated = z.infer<typeof TicketCreated>;

export const TicketMessage = z.object({ from: z.enum(['user', 'operator']), body: z.string(), at: z.iso.datetime() });
export type TicketMessage = z.infer<typeof TicketMessage>;

/** GET /api/support/tickets: the user's own, newest first, with the operator's answers and the legal clocks. */
export const Ticket = z.object({
  id: z.uuid(),
  ticketNumber: z.string(),
  category: SupportCategory,
  status: TicketStatus,
  orderId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  acknowledgeBy: z.iso.datetime(),
  resolveBy: z.iso.datetime(),
  messages: z.array(TicketMessage),
});
export type Ticket = z.infer<typeof Ticket>;
export const TicketList = z.array(Ticket);

/** GET /api/grievance-officer: public, for the /grievance page. */
export const GrievanceOfficer = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  acknowledgeHours: z.number().int(),
  resolveDays: z.number().int(),
});
export type GrievanceOfficer = z.infer<typeof GrievanceOfficer>;
