import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { sellers } from '../sellers/tables.js';
import { orderItems, orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';

/**
 * A buyer's review of one delivered order item (issue 28): once per item, so only real purchases are
 * reviewed, and each once. The buyer's id goes when the account is erased; the review stays, shown as
 * by "Deleted user".
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .unique('reviews_one_per_item')
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull().default(''),
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull().default([]),
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('reviews_seller_idx').on(t.sellerId, t.createdAt, t.id), index('reviews_order_idx').on(t.orderId), check('reviews_rating_range', sql`${t.rating} between 1 and 5`)],
);

/**
 * Each store's rating, kept as counts beside the reviews (in the review's transaction, by increments):
 * lists of shows read it for every card without adding up reviews.
 */
export const storeRatings = pgTable('store_ratings', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
  total: integer('total').notNull().default(0),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
});
