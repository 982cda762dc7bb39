import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { sellers } from '../sellers/tables.js';

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    // Rupees, exact: numeric(12,2), returned by the driver as a string.
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    originalPrice: numeric('original_price', { precision: 12, scale: 2 }),
    category: text('category', { enum: ['fashion', 'jewelry', 'electronics', 'home', 'beauty', 'sports'] }).notNull(),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    imageUrl: text('image_url'),
    // Packed, in grams: the courier's quote weighs the parcel by it (issue 27).
    weightGrams: integer('weight_grams').notNull().default(500),
    // GST (issue 26): the HSN code and rate its invoices carry, defaulted by category (productTax).
    hsnCode: text('hsn_code'),
    gstRateBp: integer('gst_rate_bp'),
    // Issue 28 (Consumer Protection (E-Commerce) Rules 2020): ISO 3166-1 alpha-2, required on new
    // products; null on a product listed before it was asked.
    countryOfOrigin: text('country_of_origin'),
    // Days after delivery it may be returned for any reason; 0: only if damaged, wrong or not as
    // described; null: its category's (CATEGORY_RETURN_DAYS).
    returnDays: integer('return_days'),
    isActive: boolean('is_active').notNull().default(true),
    // Issue 29: name (and the words it stands for) in ASCII, transliterated, for trigram search; null
    // until computed (the search module fills what a migration could not).
    searchKey: text('search_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_seller_idx').on(t.sellerId, t.createdAt),
    index('products_search_key_trgm').using('gin', sql`${t.searchKey} gin_trgm_ops`),
    index('products_category_idx').on(t.category, t.createdAt),
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    check('products_stock_nonnegative', sql`${t.stockQuantity} >= 0`),
    check('products_weight_positive', sql`${t.weightGrams} > 0`),
    check('products_return_days_range', sql`${t.returnDays} between 0 and 30`),
  ],
);
