import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';

export const sellers = pgTable('sellers', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  storeName: text('store_name').notNull(),
  description: text('description'),
  category: text('category'),
  followersCount: integer('followers_count').notNull().default(0),
  isVerified: boolean('is_verified').notNull().default(false),
  verificationLevel: text('verification_level', { enum: ['none', 'basic', 'silver', 'gold', 'diamond'] })
    .notNull()
    .default('none'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  // Issue 29: the store's name in ASCII (transliterated), for trigram search; null until computed.
  searchKey: text('search_key'),
}, (t) => [index('sellers_search_key_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`)]);

export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('follows_follower_seller_uq').on(t.followerId, t.sellerId), index('follows_seller_idx').on(t.sellerId)],
);

export const verificationSubmissions = pgTable(
  'verification_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    businessAddress: text('business_address').notNull(),
    businessPhone: text('business_phone').notNull(),
    gstNumber: text('gst_number'),
    panNumber: text('pan_number').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [index('verification_submissions_seller_idx').on(t.sellerId, t.createdAt)],
);

/** What a seller's GST invoices say about them (issue 26): legal name, address, state, GSTIN or enrolment, PAN. */
export const sellerBusiness = pgTable('seller_business', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'restrict' }),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull(),
  stateCode: text('state_code').notNull(),
  gstin: text('gstin'),
  enrolmentNumber: text('enrolment_number'),
  pan: text('pan'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
