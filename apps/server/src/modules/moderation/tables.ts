import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { chatMessages } from '../streams/tables.js';
import { MODERATION_ACTIONS } from '@live-market/contract';

// Moderators act for one store only; the owner appoints them.
export const storeModerators = pgTable(
  'store_moderators',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.userId] }), index('store_moderators_user_idx').on(t.userId)],
);

// A ban (until null) or a timeout (until set) in one store's shows. Lifting deletes the row.
export const storeBans = pgTable(
  'store_bans',
  {
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sellerId, t.userId] })],
);

// One report per viewer per message; the panel sorts by their count.
export const messageReports = pgTable(
  'message_reports',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.reporterId] })],
);

// A seller's own filtered words (up to 200), on top of the default list.
export const sellerChatKeywords = pgTable('seller_chat_keywords', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  words: jsonb('words').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Who did what to whom, when: the owner reads it on the dashboard.
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    targetUserId: uuid('target_user_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_log_seller_idx').on(t.sellerId, t.createdAt)],
);
