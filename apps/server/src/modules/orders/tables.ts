import { ORDER_STATUSES } from '@live-market/contract';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';


// The server-side cart: one line per product, its quantity checked against stock when changed.
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('cart_items_user_product_uq').on(t.userId, t.productId), check('cart_items_quantity_positive', sql`${t.quantity} > 0`)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    pincode: text('pincode').notNull(),
    state: text('state').notNull(),
    city: text('city').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt)],
);

// The order's timeline: one row per status it entered. An identity id keeps same-instant rows in order.
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
