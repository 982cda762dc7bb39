import { bigint, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';

/**
 * A buyer's store credit (issue 26): append-only lines in paise, like the seller ledger. A refund of a
 * cash-on-delivery order kept as credit adds a line; an order paid with credit takes one away. `key`
 * names the event (refund:<id>, order:<id>), so a retry adds nothing.
 */
export const storeCreditLines = pgTable(
  'store_credit_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id'),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('store_credit_lines_key_uq').on(t.key),
    index('store_credit_lines_user_idx').on(t.userId, t.createdAt),
    check('store_credit_lines_amount_nonzero', sql`${t.amountPaise} <> 0`),
  ],
);
