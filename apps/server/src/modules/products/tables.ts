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
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_seller_idx').on(t.sellerId, t.createdAt),
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    check('products_stock_nonnegative', sql`${t.stockQuantity} >= 0`),
    check('products_weight_positive', sql`${t.weightGrams} > 0`),
  ],
);
