import { bigint, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { LEDGER_LINE_TYPES } from '@live-market/contract';
import { sellers } from '../sellers/tables.js';
import { orderItems, orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';

/**
 * The seller ledger (issue 26, decision 040): append-only, in paise. A line is never updated or deleted;
 * a correction is a new line. `key` names the event a line records (sale:<item>, reversal:<line>,
 * payout:<payout>…), so posting the same event twice adds nothing.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    type: text('type', { enum: LEDGER_LINE_TYPES }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: uuid('order_item_id').references(() => orderItems.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id'),
    refundId: uuid('refund_id'),
    /** The line this one reverses (a refund's reversal of a commission line, say). */
    reverses: uuid('reverses'),
    /** The rate applied, in basis points (commission, its GST, TCS, TDS), for the statement. */
    rateBp: integer('rate_bp'),
    /** What the rate was applied to (TCS: the taxable value; TDS and commission: the gross): the tax returns read it. */
    basePaise: bigint('base_paise', { mode: 'number' }),
    key: text('key').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_lines_key_uq').on(t.key),
    index('ledger_lines_seller_idx').on(t.sellerId, t.createdAt, t.id),
    index('ledger_lines_order_idx').on(t.orderId),
    check('ledger_lines_amount_nonzero', sql`${t.amountPaise} <> 0`),
  ],
);

/**
 * Rates that change by law or by decision, each with the day it takes effect: commission (optionally per
 * category), GST on commission, TCS, TDS and TDS without a PAN. The newest row on or before a day applies.
 */
export const rates = pgTable(
  'rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['commission', 'commission_gst', 'tcs', 'tds', 'tds_no_pan'] }).notNull(),
    /** Commission only: the category it applies to; null for every category. */
    category: text('category'),
    rateBp: integer('rate_bp').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [uniqueIndex('rates_kind_category_from_uq').on(t.kind, sql`coalesce(${t.category}, '')`, t.effectiveFrom), check('rates_rate_range', sql`${t.rateBp} between 0 and 10000`)],
);
