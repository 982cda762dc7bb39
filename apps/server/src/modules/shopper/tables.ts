import { ORDER_STATUSES } from '@live-market/contract';
import { boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Address } from '@live-market/contract';
import { sql } from 'drizzle-orm';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { products } from '../products/tables.js';
import { streams } from '../streams/tables.js';
import { deals } from '../deals/tables.js';
import { auctions } from '../auctions/tables.js';
import { createdAt } from '../../db/columns.js';
import type { MessageParam } from '../../i18n/index.js';


export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [unique('wishlist_user_product_uq').on(t.userId, t.productId)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    streamId: uuid('stream_id').references(() => streams.id, { onDelete: 'set null' }),
    // Where the buyer was: the live show or its replay (issue 13); null when not from a show.
    source: text('source', { enum: ['live', 'replay'] }),
    status: text('status', { enum: ORDER_STATUSES })
      .notNull()
      .default('pending'),
    totalAmount: numeric('total_amount', { precision: 12, scale: 2 }).notNull(),
    paymentMethod: text('payment_method', { enum: ['upi', 'card', 'wallet', 'cod', 'store_credit'] }),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    shippingAddress: text('shipping_address'),
    // A copy of the delivery address at checkout: deleting or editing a saved address leaves orders alone.
    address: jsonb('address').$type<Omit<Address, 'id'>>(),
    // Chosen by the client per checkout: a double tap or a retried request finds the first order.
    idempotencyKey: text('idempotency_key'),
    cancelledBy: text('cancelled_by', { enum: ['buyer', 'seller', 'payment'] }),
    // What the buyer (or seller) said when cancelling (issue 26): free text, shown to the other side.
    cancelReason: text('cancel_reason'),
    // Issue 14: bought at a flash deal's price, or won in an auction (then it waits for payment until payBy).
    dealId: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
    auctionId: uuid('auction_id').references(() => auctions.id, { onDelete: 'set null' }),
    payBy: timestamp('pay_by', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.createdAt),
    uniqueIndex('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    // An auction's unit is in at most one live order: the winner's, or the runner-up's after it.
    uniqueIndex('orders_one_live_per_auction').on(t.auctionId).where(sql`${t.auctionId} is not null and ${t.status} <> 'cancelled'`),
    index('orders_deal_user_idx').on(t.dealId, t.userId).where(sql`${t.dealId} is not null`),
    check('orders_total_nonnegative', sql`${t.totalAmount} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    // Name and price are copied at purchase time so a later product edit does not rewrite history.
    productName: text('product_name').notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    // The return policy the buyer was shown (issue 28): a later edit of the product does not change it.
    // Null on orders placed before: the category's rule applies.
    returnDays: integer('return_days'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity_positive', sql`${t.quantity} > 0`)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    // What to say, rendered in the reader's language when read: a template of src/locales
    // (notifications.<kind>) and its parameters. Rows from before templates have none and keep
    // their English title and message, which every row also stores.
    kind: text('kind'),
    params: jsonb('params').$type<Record<string, MessageParam>>(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

