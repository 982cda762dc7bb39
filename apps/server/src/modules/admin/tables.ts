import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '@live-market/contract';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { sellers } from '../sellers/tables.js';
import { orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';

export const AUDIT_TARGETS = ['submission', 'message', 'return', 'ticket', 'stream', 'user', 'seller', 'order', 'approval', 'phone'] as const;

/**
 * Every operator action (issue 28): who, when, what, why, written in the action's own transaction. The
 * app only ever inserts; the database refuses UPDATE and DELETE (a trigger, migration 0025). An
 * operator id of null is the command line (`npm run admin`).
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operatorId: uuid('operator_id').references(() => user.id, { onDelete: 'restrict' }),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('operator_audit_created_idx').on(t.createdAt, t.id)],
);

/**
 * An operator's refund above OPERATOR_REFUND_APPROVAL_RUPEES, waiting for a second operator. One
 * pending per order; approving moves it out of pending once, under its row lock.
 */
export const refundApprovals = pgTable(
  'refund_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** What was left to refund when it was asked for; the approval refunds what is left then. */
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['pending', 'approved', 'declined'] }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => user.id, { onDelete: 'restrict' }),
    decisionReason: text('decision_reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refund_approvals_one_pending').on(t.orderId).where(sql`${t.status} = 'pending'`),
    index('refund_approvals_status_idx').on(t.status, t.createdAt),
    check('refund_approvals_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/** Products a suspension hid: restoring the account brings back these and no others. */
export const suspendedProducts = pgTable('suspended_products', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  sellerId: uuid('seller_id')
    .notNull()
    .references(() => sellers.id, { onDelete: 'cascade' }),
});
