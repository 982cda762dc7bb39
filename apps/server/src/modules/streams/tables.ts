import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    // Null while a scheduled show has not started (issue 13); set when it goes live.
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow(),
    // A show announced ahead: isLive false, startedAt null until the owner starts it.
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    // Recorded unless the seller switched it off when starting (issue 13).
    recordingEnabled: boolean('recording_enabled').notNull().default(true),
    // Chat settings (issue 12): slow mode per user, followers-only, links and phone numbers allowed.
    slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
    followersOnly: boolean('followers_only').notNull().default(false),
    linksAllowed: boolean('links_allowed').notNull().default(false),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // Issue 29: one of the ten language codes the show is presented in.
    language: text('language').notNull().default('en'),
    // Issue 29: the title in ASCII, transliterated, for trigram search; null until computed.
    searchKey: text('search_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // SPEC 4: a seller cannot start a new stream while one is live.
    uniqueIndex('streams_one_live_per_seller').on(t.sellerId).where(sql`${t.isLive}`),
    index('streams_live_idx').on(t.startedAt).where(sql`${t.isLive}`),
    index('streams_seller_idx').on(t.sellerId, t.startedAt),
    index('streams_search_key_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    index('streams_upcoming_idx').on(t.scheduledFor).where(sql`${t.startedAt} is null and ${t.endedAt} is null`),
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

// Products a scheduled show will feature, chosen when it is announced.
export const streamPlannedProducts = pgTable(
  'stream_planned_products',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.productId] })],
);

// Every change of the featured product, with its time: a replay shows each product at its moment.
export const streamFeaturedEvents = pgTable(
  'stream_featured_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    // Null: the seller cleared the featured product.
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stream_featured_events_stream_idx').on(t.streamId, t.at)],
);

// "Remind me" on an upcoming show.
export const streamReminders = pgTable(
  'stream_reminders',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] }), index('stream_reminders_user_idx').on(t.userId)],
);

// A show's recording: a WebM file the embedded SFU wrote (fileName under RECORDINGS_DIR) or the
// external media server's URL. deletedAt: the owner deleted the replay, or retention removed the file.
export const streamRecordings = pgTable('stream_recordings', {
  streamId: uuid('stream_id')
    .primaryKey()
    .references(() => streams.id, { onDelete: 'cascade' }),
  fileName: text('file_name'),
  externalUrl: text('external_url'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  durationSeconds: integer('duration_seconds'),
  bytes: bigint('bytes', { mode: 'number' }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

// Signed-in people who opened a show's replay, once each: analytics counts them beside live viewers.
export const streamReplayViews = pgTable(
  'stream_replay_views',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstViewedAt: timestamp('first_viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);
