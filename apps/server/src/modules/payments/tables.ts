import { check, index, integer, numeric, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';


// One row per attempt to take money: for an order, or for a coin pack. Its id is the receipt we give the gateway.
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['order', 'coins'] }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    coinPackId: text('coin_pack_id'),
    coins: integer('coins'),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    method: text('method', { enum: ['upi', 'card', 'wallet'] }).notNull(),
    provider: text('provider', { enum: ['simulated', 'razorpay', 'none'] }).notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: ['created', 'captured', 'failed'] })
      .notNull()
      .default('created'),
    // Coin purchases only (an order's key is on the order): a retried purchase finds the first payment.
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payments_provider_order_uq').on(t.provider, t.providerOrderId),
    uniqueIndex('payments_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('payments_order_idx').on(t.orderId),
    // The timeout sweep looks for open payments by age.
    index('payments_open_idx').on(t.createdAt).where(sql`${t.status} = 'created'`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

// Webhook deliveries already handled: a replayed delivery (same provider event id) changes nothing.
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('payment_webhook_events_uq').on(t.provider, t.eventId)],
);
