import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { orderItems, orders } from '../shopper/tables.js';
import { payments } from '../payments/tables.js';
import { createdAt } from '../../db/columns.js';

/**
 * Money owed back to a buyer (issue 26): a cancelled paid order, or one item of it. `key` is our own
 * idempotency reference (order:<order>, item:<orderItem>, return:<return>:<orderItem>): however often a cancellation is retried, one
 * refund exists, and the gateway is asked with that reference.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** One item refunded alone; null: everything of the order not refunded before. */
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'restrict' }),
    /** Units of that item refunded (a return may send back 2 of 3); null: an order's refund. */
    quantity: integer('quantity'),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull().default('pending'),
    /** Null: a cash-on-delivery order's refund, until its buyer chooses a UPI id or store credit. */
    method: text('method', { enum: ['original', 'upi', 'store_credit'] }).default('original'),
    vpa: text('vpa'),
    provider: text('provider', { enum: ['simulated', 'razorpay', 'none'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    key: text('key').notNull(),
    reason: text('reason'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_key_uq').on(t.key),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_open_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // Razorpay's events name its own id.
    index('refunds_provider_idx').on(t.providerRefundId).where(sql`${t.providerRefundId} is not null`),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);
