import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SUPPORT_CATEGORIES, TICKET_STATUSES } from '@live-market/contract';
import { user } from '../auth/tables.js';
import { orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';

/**
 * A complaint or question to the marketplace (issue 28): numbered for the user to quote, with the
 * clocks the Consumer Protection (E-Commerce) Rules set (acknowledged in 48 hours, resolved in a month).
 * It goes with its user's account when that is erased.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    category: text('category', { enum: SUPPORT_CATEGORIES }).notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.createdAt), index('support_tickets_open_idx').on(t.status, t.createdAt)],
);

/** The conversation on a ticket: the user's words and the operators' answers, oldest first. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    from: text('from', { enum: ['user', 'operator'] }).notNull(),
    operatorId: uuid('operator_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.id)],
);
