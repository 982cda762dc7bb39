import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { streams } from '../streams/tables.js';
import { createdAt } from '../../db/columns.js';

// Issue 14: a live auction. The row is the whole state a bid needs (decision 026): the price, who holds
// it and up to how much (their max bid). Bids lock it, so they are decided one at a time on every instance.
// One unit of the product is set aside when it starts; it goes to the winner's order or back to stock.
export const auctions = pgTable(
  'auctions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    startingBid: numeric('starting_bid', { precision: 12, scale: 2 }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    suddenDeath: boolean('sudden_death').notNull().default(false),
    status: text('status', { enum: ['active', 'ended', 'cancelled'] })
      .notNull()
      .default('active'),
    leaderId: uuid('leader_id').references(() => user.id, { onDelete: 'set null' }),
    price: numeric('price', { precision: 12, scale: 2 }),
    leaderMax: numeric('leader_max', { precision: 12, scale: 2 }),
    bidCount: integer('bid_count').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One auction at a time per show.
    uniqueIndex('auctions_one_active_per_stream').on(t.streamId).where(sql`${t.status} = 'active'`),
    index('auctions_stream_idx').on(t.streamId, t.createdAt),
    check('auctions_starting_bid_positive', sql`${t.startingBid} > 0`),
  ],
);

// Accepted bids: each became the leading price when it was placed, so an auction's rise strictly.
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    auctionId: uuid('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    // Placed by the bidder's max bid, not their tap.
    proxy: boolean('proxy').notNull().default(false),
    // The tap's key (a proxy answer has none): a replayed request finds its bid instead of bidding twice.
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('auction_bids_auction_idx').on(t.auctionId, t.amount),
    uniqueIndex('auction_bids_key_uq').on(t.auctionId, t.userId, t.idempotencyKey),
  ],
);
