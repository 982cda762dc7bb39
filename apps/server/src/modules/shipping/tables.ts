import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { PARCEL_STATUSES } from '@live-market/contract';
import { sellers } from '../sellers/tables.js';
import { orders } from '../shopper/tables.js';
import { createdAt } from '../../db/columns.js';
import type { ParcelAddress } from './carrier.js';

/** Where the courier collects a store's parcels (issue 27); needed before its first shipment. */
export const pickupAddresses = pgTable('pickup_addresses', {
  sellerId: uuid('seller_id')
    .primaryKey()
    .references(() => sellers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  pincode: text('pincode').notNull(),
  state: text('state').notNull(),
  city: text('city').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One parcel: forward (seller → buyer, one or more orders of one show) or a return's reverse pickup.
 * `reference` is ours and never reused: the carrier is asked with it, and asked again after a lost answer.
 * The row exists before the carrier has booked it (awb null), so a retry finds it.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    kind: text('kind', { enum: ['forward', 'return'] }).notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => sellers.id, { onDelete: 'restrict' }),
    carrier: text('carrier', { enum: ['simulated', 'shiprocket'] }).notNull(),
    awb: text('awb'),
    courierName: text('courier_name'),
    trackingUrl: text('tracking_url'),
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    status: text('status', { enum: PARCEL_STATUSES }).notNull().default('pickup_scheduled'),
    /** When the current status happened at the carrier: ties between same-rank statuses go to the later. */
    statusAt: timestamp('status_at', { withTimezone: true }),
    etaDate: text('eta_date'),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    codPaise: bigint('cod_paise', { mode: 'number' }).notNull().default(0),
    fromAddress: jsonb('from_address').$type<ParcelAddress>().notNull(),
    toAddress: jsonb('to_address').$type<ParcelAddress>().notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('shipments_reference_uq').on(t.reference),
    uniqueIndex('shipments_awb_uq').on(t.awb).where(sql`${t.awb} is not null`),
    index('shipments_seller_idx').on(t.sellerId, t.createdAt),
  ],
);

/** The orders a forward parcel carries: a buyer's orders of one show from one store go in one box. */
export const shipmentOrders = pgTable(
  'shipment_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
  },
  (t) => [index('shipment_orders_shipment_idx').on(t.shipmentId)],
);

/**
 * The carrier's tracking events, each once: the same status at the same moment again is a duplicate.
 * The parcel's status is the event of highest rank (latest among equals), whatever order they came in.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: PARCEL_STATUSES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    createdAt: createdAt(),
  },
  // created_at: the sweep looks for events stored since its last round.
  (t) => [primaryKey({ columns: [t.shipmentId, t.status, t.at] }), index('shipment_events_created_idx').on(t.createdAt)],
);
