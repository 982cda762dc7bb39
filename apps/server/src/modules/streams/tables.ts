import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { products } from '../products/tables.js';

export const streams = pgTable(
  'streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    thumbnailUrl: text('thumbnail_url'),
    isLive: boolean('is_live').notNull().default(true),
    viewerCount: integer('viewer_count').notNull().default(0),
    featuredProductId: uuid('featured_product_id').references(() => products.id, { onDelete: 'set null' }),
    // Seeded demo shows play the committed demo clip instead of a camera.
    isDemo: boolean('is_demo').notNull().default(false),
    // Refreshed while a publisher is connected; a live stream silent for 2 minutes ends itself.
    publisherSeenAt: timestamp('publisher_seen_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    // Chat settings (issue 12): slow mode per user, followers-only, links and phone numbers allowed.
    slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
    followersOnly: boolean('followers_only').notNull().default(false),
    linksAllowed: boolean('links_allowed').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // SPEC 4: a seller cannot start a new stream while one is live.
    uniqueIndex('streams_one_live_per_seller').on(t.sellerId).where(sql`${t.isLive}`),
    index('streams_live_idx').on(t.startedAt).where(sql`${t.isLive}`),
    index('streams_seller_idx').on(t.sellerId, t.startedAt),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    // Held by the keyword filter: kept for the log, shown to nobody but its sender at the time.
    held: boolean('held').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_stream_idx').on(t.streamId, t.createdAt)],
);

// Everyone signed in who joined a stream, once: an ended stream's viewerCount is their number.
export const streamViewers = pgTable(
  'stream_viewers',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);
