import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';

/**
 * A cash-on-delivery order above COD_CONFIRM_ABOVE_RUPEES waits for its buyer to confirm it (issue 27):
 * a fifth of COD parcels come back undelivered, and a confirmed one far less often. The link's token is
 * kept only as its SHA-256.
 */
export const codConfirmations = pgTable(
  'cod_confirmations',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cod_confirmations_token_uq').on(t.tokenHash)],
);
