import { check, index, integer, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { streams } from '../streams/tables.js';
import { createdAt } from '../../db/columns.js';

// Issue 14: a flash deal. Its units leave the product's stock when it starts (allocated) and what is
// left goes back when it ends (`settledAt`); an order takes units from `unitsLeft` under the row's lock.
export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    dealPrice: numeric('deal_price', { precision: 12, scale: 2 }).notNull(),
    units: integer('units').notNull(),
    unitsLeft: integer('units_left').notNull(),
    perBuyerLimit: integer('per_buyer_limit').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    // Set when the owner ends it early (then endsAt is moved to that moment too).
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // Set once the units left have gone back to the product's stock: after that a released unit goes there.
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('deals_stream_idx').on(t.streamId, t.createdAt),
    index('deals_unsettled_idx').on(t.endsAt).where(sql`${t.settledAt} is null`),
    check('deals_units_positive', sql`${t.units} > 0`),
    check('deals_units_left_range', sql`${t.unitsLeft} >= 0 and ${t.unitsLeft} <= ${t.units}`),
    check('deals_limit_positive', sql`${t.perBuyerLimit} >= 1`),
    check('deals_price_positive', sql`${t.dealPrice} > 0`),
  ],
);

// Who waits for a sold-out deal, first come first served. A released unit is held for the first one
// waiting (status offered, until `holdUntil`); used when they buy it, expired when they do not.
export const dealWaitlist = pgTable(
  'deal_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['waiting', 'offered', 'used', 'expired'] })
      .notNull()
      .default('waiting'),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('deal_waitlist_deal_user_uq').on(t.dealId, t.userId), index('deal_waitlist_queue_idx').on(t.dealId, t.createdAt)],
);
