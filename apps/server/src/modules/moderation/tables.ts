import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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

/**
 * An owner's invitation to moderate, waiting for its answer (issue 25). It names a phone number (as the
 * owner typed it) or a user (picked from the chat), never both. A number is matched to an account only
 * when that account reads its invitations, so writing one reveals nothing about who has signed up.
 * Accepting, declining and cancelling delete the row; so does expiry, lazily.
 */
export const moderatorInvitations = pgTable(
  'moderator_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    /** +91 and ten digits. */
    phone: text('phone'),
    inviteeId: uuid('invitee_id').references(() => user.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('moderator_invitations_seller_phone_unique').on(t.sellerId, t.phone),
    unique('moderator_invitations_seller_invitee_unique').on(t.sellerId, t.inviteeId),
    index('moderator_invitations_phone_idx').on(t.phone),
    index('moderator_invitations_invitee_idx').on(t.inviteeId),
    index('moderator_invitations_expires_idx').on(t.expiresAt),
    check('moderator_invitations_one_invitee', sql`(${t.phone} is null) <> (${t.inviteeId} is null)`),
  ],
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
