import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sellers } from '../sellers/tables.js';
import { createdAt } from '../../db/columns.js';

/** Where a seller's payouts go: one bank account or UPI id per seller. */
export const payoutAccounts = pgTable('payout_accounts', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'restrict' }),
  kind: text('kind', { enum: ['bank', 'vpa'] }).notNull(),
  accountHolderName: text('account_holder_name').notNull(),
  ifsc: text('ifsc'),
  accountNumber: text('account_number'),
  vpa: text('vpa'),
  /** The provider's ids for it (RazorpayX contact and fund account), made once. */
  providerContactId: text('provider_contact_id'),
  providerAccountId: text('provider_account_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One payout of a seller's available balance. `key` (run:<slot>:<seller>) makes a payout run that two
 * instances start at once pay each seller once; it is also the provider's idempotency reference.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['pending', 'processing', 'paid', 'failed'] }).notNull().default('pending'),
    provider: text('provider', { enum: ['simulated', 'razorpay'] }).notNull(),
    providerPayoutId: text('provider_payout_id'),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    key: text('key').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_key_uq').on(t.key),
    index('payouts_seller_idx').on(t.sellerId, t.createdAt),
    index('payouts_open_idx').on(t.createdAt).where(sql`${t.status} in ('pending', 'processing')`),
    // Razorpay's events name its own id.
    index('payouts_provider_idx').on(t.providerPayoutId).where(sql`${t.providerPayoutId} is not null`),
    check('payouts_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Issue 28: an operator holds a seller's payouts (a fraud inquiry, say): the payout run passes the seller
 * by and a payout not yet sent goes back to the balance. Releasing deletes the row.
 */
export const payoutHolds = pgTable('payout_holds', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'restrict' }),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
