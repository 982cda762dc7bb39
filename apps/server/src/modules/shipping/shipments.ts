import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rupeesToPaise, type ShipmentBody, type ShipmentResult } from '@live-market/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { findOrder, orderRef } from '../orders/index.js';
import { orderItems, orders } from '../shopper/index.js';
import type { Carrier, ParcelAddress, ShipmentRequest } from './carrier.js';
import { readPickup } from './pickup.js';
import { shipmentOrders, shipments } from './tables.js';

type Dims = z.output<typeof ShipmentBody>;
export type ShipmentRow = typeof shipments.$inferSelect;

export async function shipmentOfOrder(db: Db | Tx, orderId: string): Promise<ShipmentRow | null> {
  const [row] = await db
    .select({ shipment: shipments })
    .from(shipmentOrders)
    .innerJoin(shipments, eq(shipments.id, shipmentOrders.shipmentId))
    .where(eq(shipmentOrders.orderId, orderId));
  return row?.shipment ?? null;
}

export async function ordersOfShipment(db: Db | Tx, shipmentId: string): Promise<string[]> {
  const rows = await db.select({ orderId: shipmentOrders.orderId }).from(shipmentOrders).where(eq(shipmentOrders.shipmentId, shipmentId)).orderBy(asc(shipmentOrders.orderId));
  return rows.map((r) => r.orderId);
}

/** Our reference for a parcel: short enough for a courier's order-id field, never reused. */
export const newReference = (id: string) => `LM${id.replace(/-/g, '').slice(0, 16).toUpperCase()}`;

/**
 * The orders that go in one box with this one: the same buyer, store, show and address, confirmed and not
 * yet in a parcel. Locked in id order, so two "Ship" taps on sibling orders cannot deadlock.
 */
async function bundle(tx: Tx, order: typeof orders.$inferSelect, ready: (tx: Tx, orderId: string) => Promise<boolean>): Promise<string[]> {
  const siblings = order.streamId
    ? await tx
        .select({ id: orders.id })
        .from(orders)
        .leftJoin(shipmentOrders, eq(shipmentOrders.orderId, orders.id))
        .where(
          and(
            eq(orders.userId, order.userId),
            eq(orders.sellerId, order.sellerId),
            eq(orders.streamId, order.streamId),
            eq(orders.status, 'confirmed'),
            isNull(shipmentOrders.orderId),
            sql`${orders.address} = ${JSON.stringify(order.address)}::jsonb`,
          ),
        )
    : [];
  const ids = [...new Set([order.id, ...siblings.map((s) => s.id)])].sort();
  const locked = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update');
  const taken = new Set((await tx.select({ id: shipmentOrders.orderId }).from(shipmentOrders).where(inArray(shipmentOrders.orderId, ids))).map((r) => r.id));
  const out: string[] = [];
  for (const row of locked) if (row.status === 'confirmed' && !taken.has(row.id) && (row.id === order.id || (await ready(tx, row.id)))) out.push(row.id);
  if (!out.includes(order.id) && !taken.has(order.id)) throw new HttpError(409, 'Only a confirmed order can be shipped');
  return out;
}

export interface ShipDeps {
  db: Db;
  carrier: Carrier;
  /** Cash-on-delivery orders waiting for the buyer's confirmation are not ready to ship. */
  readyToShip: (tx: Tx, orderId: string) => Promise<boolean>;
  /** A parcel the carrier has just booked: its first event and, for the simulated carrier, its next step. */
  booked: (shipment: ShipmentRow) => Promise<void>;
  /** The courier's charge goes on the store's ledger, in the booking's transaction (issue 26's money). */
  charge: (tx: Tx, c: { sellerId: string; orderId: string | null; shipmentId: string; awb: string; feePaise: number }) => Promise<void>;
  now: () => number;
}

export function createShipper(deps: ShipDeps) {
  const { db, carrier } = deps;

  /** Step one, committed before the carrier is called: the parcel row and the orders in it. */
  async function reserve(userId: string, orderId: string, dims: Dims): Promise<string> {
    return db.transaction(async (tx) => {
      // No lock yet: bundle() locks every order of the parcel in one order, this one included.
      const found = await findOrder(tx, orderId);
      if (!found || found.ownerId !== userId) throw new HttpError(404, 'Order not found');
      const existing = await shipmentOfOrder(tx, orderId);
      if (existing) return existing.id;
      const { order } = found;
      if (order.status !== 'confirmed') throw new HttpError(409, 'Only a confirmed order can be shipped');
      if (!(await deps.readyToShip(tx, orderId))) throw new HttpError(409, 'The buyer has not confirmed this cash-on-delivery order yet');
      if (!order.address) throw new HttpError(409, 'This order has no delivery address');
      const pickup = await readPickup(tx, order.sellerId);
      if (!pickup) throw new HttpError(409, 'Add your pickup address before your first shipment');
      const ids = await bundle(tx, order, deps.readyToShip);
      // Another tap may have packed it while we waited for the locks.
      const packed = await shipmentOfOrder(tx, orderId);
      if (packed) return packed.id;
      const parcelOrders = await tx.select().from(orders).where(inArray(orders.id, ids));
      const codPaise = parcelOrders.filter((o) => o.paymentMethod === 'cod').reduce((sum, o) => sum + rupeesToPaise(o.totalAmount), 0);
      const id = randomUUID();
      const a = order.address;
      const to: ParcelAddress = { name: a.name, phone: a.phone, pincode: a.pincode, state: a.state, city: a.city, line1: a.line1, line2: a.line2 ?? '' };
      await tx.insert(shipments).values({ id, reference: newReference(id), kind: 'forward', sellerId: order.sellerId, carrier: carrier.name, ...dims, codPaise, fromAddress: pickup, toAddress: to });
      await tx.insert(shipmentOrders).values(ids.map((o) => ({ orderId: o, shipmentId: id })));
      return id;
    });
  }

  /**
   * Step two: the carrier books it (again with the same reference after a lost answer), and we keep its
   * AWB. A forward parcel's contents are its orders' items; a return's, the lines being returned.
   */
  async function book(shipmentId: string, lines?: { orderItemIds: string[] }): Promise<ShipmentRow> {
    const [row] = await db.select().from(shipments).where(eq(shipments.id, shipmentId));
    if (!row) throw new HttpError(404, 'Order not found');
    if (row.awb) return row;
    const items = lines
      ? await db.select().from(orderItems).where(inArray(orderItems.id, lines.orderItemIds)).orderBy(asc(orderItems.id))
      : await db.select().from(orderItems).where(inArray(orderItems.orderId, await ordersOfShipment(db, row.id))).orderBy(asc(orderItems.id));
    const declaredValuePaise = items.reduce((sum, i) => sum + rupeesToPaise(i.unitPrice) * i.quantity, 0);
    const req: ShipmentRequest = {
      reference: row.reference,
      kind: row.kind,
      from: row.fromAddress,
      to: row.toAddress,
      items: items.map((i) => ({ name: i.productName, sku: (i.productId ?? i.id).slice(0, 36), units: i.quantity, unitPricePaise: rupeesToPaise(i.unitPrice) })),
      weightGrams: row.weightGrams,
      lengthCm: row.lengthCm,
      breadthCm: row.breadthCm,
      heightCm: row.heightCm,
      codPaise: row.codPaise,
      orderDate: row.createdAt,
    };
    let booked;
    let quote;
    try {
      // The rate for this parcel's real weight and route: what the store is charged for it.
      quote = await carrier.quote({ pickupPincode: row.fromAddress.pincode, deliveryPincode: row.toAddress.pincode, weightGrams: row.weightGrams, cod: row.codPaise > 0, declaredValuePaise });
      booked = await carrier.book(req);
    } catch {
      throw new HttpError(502, 'The courier did not answer: try again in a minute');
    }
    const eta = new Date(deps.now() + booked.etaDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const saved = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(shipments)
        .set({ awb: booked.awb, courierName: booked.courierName, trackingUrl: booked.trackingUrl, providerOrderId: booked.providerOrderId, providerShipmentId: booked.providerShipmentId, etaDate: eta, bookedAt: new Date(deps.now()) })
        .where(and(eq(shipments.id, row.id), isNull(shipments.awb)))
        .returning();
      if (done) await deps.charge(tx, { sellerId: row.sellerId, orderId: items[0]?.orderId ?? null, shipmentId: row.id, awb: booked.awb, feePaise: quote.feePaise });
      return done;
    });
    if (!saved) return (await db.select().from(shipments).where(eq(shipments.id, row.id)))[0]!;
    await deps.booked(saved);
    return saved;
  }

  return {
    book,
    /** POST /api/orders/{id}/shipment: idempotent by the parcel's own reference. */
    async ship(userId: string, orderId: string, dims: Dims): Promise<ShipmentResult> {
      const shipmentId = await reserve(userId, orderId, dims);
      const row = await book(shipmentId);
      return { awb: row.awb!, carrier: row.courierName ?? carrier.name, trackingUrl: row.trackingUrl ?? '', orderIds: await ordersOfShipment(db, row.id) };
    },
    /** The label's data: seller only, once booked. */
    async labelOf(userId: string, orderId: string) {
      const found = await findOrder(db, orderId);
      if (!found || found.ownerId !== userId) throw new HttpError(404, 'Order not found');
      const row = await shipmentOfOrder(db, orderId);
      if (!row?.awb) throw new HttpError(404, 'This order has not been shipped yet');
      const ids = await ordersOfShipment(db, row.id);
      const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id));
      return { row, orderRefs: ids.map(orderRef), items: items.map((i) => ({ name: i.productName, quantity: i.quantity })) };
    },
  };
}

export type Shipper = ReturnType<typeof createShipper>;
