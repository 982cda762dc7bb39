import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { RETURN_REASONS, RETURN_STATUSES } from '@live-market/contract';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { orderItems, orders } from '../shopper/tables.js';
import { shipments } from '../shipping/tables.js';
import { createdAt } from '../../db/columns.js';

/** Statuses of a return still under way: an order has at most one, and its seller's money stays on hold. */
export const OPEN_RETURN_STATUSES = ['requested', 'approved', 'pickup_scheduled', 'picked_up', 'received', 'escalated'] as const;

/** A buyer's return of delivered items (issue 27), answered by the seller, picked up by the courier. */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull().default([]),
    sellerNote: text('seller_note').notNull().default(''),
    /** The reverse pickup, once approved. */
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One return under way per order: a second tap, or a second tab, cannot open another.
    uniqueIndex('returns_one_open_per_order').on(t.orderId).where(sql`${t.status} in ('requested', 'approved', 'pickup_scheduled', 'picked_up', 'received', 'escalated')`),
    index('returns_seller_idx').on(t.sellerId, t.createdAt),
    index('returns_shipment_idx').on(t.shipmentId),
  ],
);

export const returnItems = pgTable(
  'return_items',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.returnId, t.orderItemId] })],
);

/** Every status a return has been in, for its timeline. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.id)],
);

/**
 * Who uploaded each return photo: a return takes only its own buyer's photos, so an address seen
 * elsewhere (another buyer's return shown to a seller) cannot be passed off as one's own.
 */
export const returnPhotos = pgTable('return_photos', {
  url: text('url').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
