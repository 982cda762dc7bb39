import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Order, OrderDetail, OrderItem, OrderSummary } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../auth/index.js';
import { products } from '../products/index.js';
import { sellers } from '../sellers/index.js';
import { orderItems, orders } from '../shopper/index.js';
import { invoices } from '../invoices/tables.js';
import { refunds, toRefundDto } from '../refunds/index.js';
import { orderEvents } from './tables.js';
import { shipmentOrders, shipments } from '../shipping/tables.js';
import { codConfirmations } from '../cod-confirmations/tables.js';
import { returns } from '../returns/tables.js';

type Conn = Db | Tx;
export type OrderRow = typeof orders.$inferSelect;

export function toOrderDto(row: OrderRow): Order {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    totalAmount: row.totalAmount,
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    streamId: row.streamId,
    source: row.source,
    dealId: row.dealId,
    auctionId: row.auctionId,
    // Only while it still waits: a paid or cancelled order has no deadline to show.
    payBy: row.payBy && row.status === 'pending' && row.paymentMethod === null ? row.payBy.toISOString() : null,
  };
}

function toOrderItemDto({ item, imageUrl, weightGrams }: { item: typeof orderItems.$inferSelect; imageUrl: string | null; weightGrams: number | null }): OrderItem {
  return { id: item.id, productId: item.productId, name: item.productName, imageUrl, unitPrice: item.unitPrice, quantity: item.quantity, weightGrams };
}

/** Items, store, buyer and timeline for a page of orders, in four queries whatever its length. */
export async function withDetails(db: Conn, rows: OrderRow[]): Promise<OrderDetail[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, events, stores, buyers, refundRows, documents, parcels, cods, returnRows] = await Promise.all([
    db
      .select({ item: orderItems, imageUrl: products.imageUrl, weightGrams: products.weightGrams })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.id)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
    db.select({ id: sellers.id, storeName: sellers.storeName }).from(sellers).where(inArray(sellers.id, [...new Set(rows.map((r) => r.sellerId))])),
    db
      .select({ id: user.id, firstName: user.firstName, lastName: user.lastName })
      .from(user)
      .where(inArray(user.id, [...new Set(rows.map((r) => r.userId))])),
    db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.createdAt)),
    db.select({ orderId: invoices.orderId, kind: invoices.kind }).from(invoices).where(inArray(invoices.orderId, ids)),
    parcelsOf(db, ids),
    db.select().from(codConfirmations).where(inArray(codConfirmations.orderId, ids)),
    db.select({ orderId: returns.orderId, status: returns.status }).from(returns).where(inArray(returns.orderId, ids)).orderBy(asc(returns.createdAt)),
  ]);
  return rows.map((row) => {
    const own = refundRows.filter((r) => r.orderId === row.id).map((r) => ({ ...toRefundDto(r), orderItemId: r.orderItemId, quantity: r.quantity }));
    const docs = documents.filter((d) => d.orderId === row.id);
    const buyer = buyers.find((b) => b.id === row.userId);
    return {
      ...toOrderDto(row),
      sellerId: row.sellerId,
      storeName: stores.find((s) => s.id === row.sellerId)?.storeName ?? '',
      buyerName: [buyer?.firstName, buyer?.lastName].filter(Boolean).join(' ') || 'Shopper',
      items: items
        .filter((i) => i.item.orderId === row.id)
        .map(toOrderItemDto),
      address: row.address ?? null,
      events: events.filter((e) => e.orderId === row.id).map((e) => ({ status: e.status, at: e.createdAt.toISOString() })),
      refund: own.length ? (({ orderItemId: _, quantity: __, ...r }) => r)(own.at(-1)!) : null,
      refunds: own,
      cancelReason: row.cancelReason,
      hasInvoice: docs.some((d) => d.kind === 'invoice'),
      hasCreditNote: docs.some((d) => d.kind === 'credit_note'),
      parcel: parcels.get(row.id) ?? null,
      codConfirmation: ((c) => (c ? { confirmed: c.confirmedAt !== null, expiresAt: c.expiresAt.toISOString() } : null))(cods.find((c) => c.orderId === row.id)),
      returnStatus: returnRows.filter((r) => r.orderId === row.id).at(-1)?.status ?? null,
    };
  });
}

/** Each order's parcel, with every order that shares it. */
async function parcelsOf(db: Conn, ids: string[]) {
  const mine = await db
    .select({ orderId: shipmentOrders.orderId, shipment: shipments })
    .from(shipmentOrders)
    .innerJoin(shipments, eq(shipments.id, shipmentOrders.shipmentId))
    .where(inArray(shipmentOrders.orderId, ids));
  const out = new Map<string, NonNullable<OrderDetail['parcel']>>();
  if (!mine.length) return out;
  const shared = await db.select().from(shipmentOrders).where(inArray(shipmentOrders.shipmentId, [...new Set(mine.map((m) => m.shipment.id))]));
  for (const { orderId, shipment: s } of mine) {
    const orderIds = shared.filter((x) => x.shipmentId === s.id).map((x) => x.orderId).sort();
    out.set(orderId, { awb: s.awb, carrier: s.courierName ?? s.carrier, trackingUrl: s.trackingUrl, status: s.status, orderIds });
  }
  return out;
}

export async function findOrder(db: Conn, orderId: string, lock = false) {
  const query = db
    .select({ order: orders, ownerId: sellers.userId, storeName: sellers.storeName })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: orders }) : await query;
  return row ?? null;
}

/** The buyer's list: each order with its store and items (names and photos), newest first, in three queries. */
export async function buyerOrders(db: Db, userId: string): Promise<OrderSummary[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  if (!rows.length) return [];
  const [items, stores] = await Promise.all([
    db
      .select({ item: orderItems, imageUrl: products.imageUrl, weightGrams: products.weightGrams })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
      .orderBy(asc(orderItems.id)),
    db.select({ id: sellers.id, storeName: sellers.storeName }).from(sellers).where(inArray(sellers.id, [...new Set(rows.map((r) => r.sellerId))])),
  ]);
  return rows.map((row) => ({
    ...toOrderDto(row),
    storeName: stores.find((s) => s.id === row.sellerId)?.storeName ?? '',
    items: items.filter((i) => i.item.orderId === row.id).map(toOrderItemDto),
  }));
}

export async function storeOrders(db: Db, ownerUserId: string): Promise<OrderDetail[]> {
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(sellers.userId, ownerUserId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withDetails(
    db,
    rows.map((r) => r.order),
  );
}

/** Short, readable order reference as the Orders screen shows it (SPEC 9: last 8 characters, upper case). */
export function orderRef(orderId: string): string {
  return `#${orderId.slice(-8).toUpperCase()}`;
}
