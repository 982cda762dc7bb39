import { eq, sql } from 'drizzle-orm';
import type { Cart, OrderDetail, OrderStatus } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { notify } from '../notifications/index.js';
import { products } from '../products/index.js';
import { orderItems, orders } from '../shopper/index.js';
import { readCart, refillCart } from './cart-service.js';
import { findOrder, orderRef, withDetails } from './details.js';
import type { OrderAuctions, OrderDeals, OrderMoney, OrderParcels, OrderPayments, PushUnread } from './ports.js';
import { orderEvents } from './tables.js';
import { formatRupees } from '../../i18n/rupees.js';

type Target = 'confirmed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'delivery_failed' | 'returned_to_origin' | 'cancelled';
type Locked = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

// The seller's moves: confirm a cash-on-delivery order, cancel before it is shipped. Shipped, out for
// delivery, delivered and the rest come from the courier's tracking (issue 27), never by hand.
const SELLER_MOVES: Record<OrderStatus, Target[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['cancelled'],
  shipped: [],
  out_for_delivery: [],
  delivered: [],
  delivery_failed: [],
  returned_to_origin: [],
  cancelled: [],
};
/** Where the parcel's tracking may take an order, and what the buyer is told. */
export type ParcelMove = 'shipped' | 'out_for_delivery' | 'delivered' | 'delivery_failed' | 'returned_to_origin';
const PARCEL_DONE: OrderStatus[] = ['delivered', 'returned_to_origin', 'cancelled'];
const BUYER_CAN_CANCEL: OrderStatus[] = ['pending', 'confirmed'];

// The buyer's notification for each move: notifications.order_<status> in src/locales.
type Notice =
  | 'order_confirmed'
  | 'order_shipped'
  | 'order_out_for_delivery'
  | 'order_delivered'
  | 'order_delivery_failed'
  | 'order_returned_to_origin'
  | 'order_returned_to_origin_refund'
  | 'order_cancelled'
  | 'order_cancelled_refund'
  | 'order_paid'
  | 'order_payment_failed'
  | 'order_pay_by_passed'
  | 'order_cod_unconfirmed';
type CancelledBy = 'buyer' | 'seller' | 'payment';

/** The seller hears of an order once it is confirmed: placed with cash on delivery, or paid. */
export async function notifySellerOfOrder(tx: Tx, sellerUserId: string, orderId: string, total: string) {
  const amount = formatRupees(total);
  await notify(tx, { userId: sellerUserId, type: 'order_update', kind: 'order_new', params: { ref: orderRef(orderId), amount }, link: '/seller/dashboard' });
}

/** Puts an order's units back on the shelf (cancellation, failed or expired payment). */
async function releaseStock(tx: Tx, orderId: string) {
  await tx.execute(sql`
    update ${products} p set stock_quantity = p.stock_quantity + oi.quantity, updated_at = now()
    from ${orderItems} oi where oi.order_id = ${orderId} and p.id = oi.product_id`);
}

/** Where an ended order's units go: back to its flash deal, to the auction's next bidder, or on the shelf. */
export interface Releases {
  deals: OrderDeals;
  auctions: OrderAuctions;
}

async function release(tx: Tx, releases: Releases, order: Locked['order'], by: CancelledBy) {
  if (order.dealId) {
    const [units] = await tx.select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` }).from(orderItems).where(eq(orderItems.orderId, order.id));
    await releases.deals.release(tx, order.dealId, units?.n ?? 0);
  } else if (order.auctionId) {
    await releases.auctions.release(tx, order.auctionId, by);
  } else {
    await releaseStock(tx, order.id);
  }
}

/** Moves a locked order to a new status: the row, its timeline and the buyer's notification, in the caller's transaction. */
async function move(tx: Tx, locked: Locked, to: Target, extra: Partial<typeof orders.$inferInsert> = {}, notice: Notice = `order_${to}`) {
  const { order } = locked;
  await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({ orderId: order.id, status: to });
  await notify(tx, { userId: order.userId, type: 'order_update', kind: notice, params: { ref: orderRef(order.id), store: locked.storeName }, link: '/orders' });
}

export function createOrderStatusService(deps: {
  db: Db;
  payments: OrderPayments;
  money: OrderMoney;
  pushUnread: PushUnread;
  releases: Releases;
  parcels: OrderParcels;
  now?: () => number;
}) {
  const { db, payments, money, pushUnread, releases, parcels } = deps;
  const now = deps.now ?? Date.now;

  async function cancel(tx: Tx, locked: Locked, by: CancelledBy, reason: string | null = null, notice?: Notice) {
    const { order } = locked;
    let paymentStatus = order.paymentStatus;
    if (order.paymentStatus === 'paid') paymentStatus = 'refunded';
    else if (order.paymentMethod !== 'cod' && order.paymentStatus === 'pending') {
      await payments.failOpen(tx, order.id);
      paymentStatus = 'failed';
    }
    await move(tx, locked, 'cancelled', { paymentStatus, cancelledBy: by, cancelReason: reason }, notice ?? (paymentStatus === 'refunded' ? 'order_cancelled_refund' : 'order_cancelled'));
    // Issue 26: what was paid goes back, once, and the seller's earnings with it.
    if (order.paymentStatus === 'paid') await money.refund(tx, { orderId: order.id, reason, buyerId: order.userId, ref: orderRef(order.id) });
    // After the move: a won auction's unit may go straight into the next bidder's order.
    await release(tx, releases, order, by);
  }

  return {
    /**
     * The courier's tracking moved the order's parcel (issue 27), inside the event's transaction. Delivered:
     * cash on delivery is paid then, and the sale earned. Back at the seller: the units return to the shelf
     * and a prepaid order's money goes back. An order already done stays as it is. Returns the users to tell.
     */
    async followParcel(tx: Tx, orderId: string, to: ParcelMove): Promise<string[]> {
      const locked = await findOrder(tx, orderId, true);
      if (!locked) return [];
      const { order } = locked;
      if (order.status === to || PARCEL_DONE.includes(order.status)) return [];
      if (to === 'delivered') {
        const cashTaken = order.paymentMethod === 'cod';
        await move(tx, locked, 'delivered', cashTaken ? { paymentStatus: 'paid' } : {});
        if (cashTaken) await money.earned(tx, orderId);
      } else if (to === 'returned_to_origin') {
        const paid = order.paymentStatus === 'paid';
        await move(tx, locked, 'returned_to_origin', paid ? { paymentStatus: 'refunded' } : {}, paid ? 'order_returned_to_origin_refund' : 'order_returned_to_origin');
        if (paid) await money.refund(tx, { orderId, reason: 'returned_to_origin', buyerId: order.userId, ref: orderRef(orderId) });
        await release(tx, releases, order, 'seller');
      } else {
        await move(tx, locked, to);
      }
      return [order.userId];
    },

    /** A cash-on-delivery order its buyer did not confirm in time (issue 27): cancelled, its stock back. */
    async expireUnconfirmedCod(orderId: string): Promise<void> {
      const tell = await db.transaction(async (tx) => {
        const locked = await findOrder(tx, orderId, true);
        if (!locked || locked.order.status !== 'confirmed' || (await parcels.packed(tx, orderId))) return [];
        await cancel(tx, locked, 'payment', null, 'order_cod_unconfirmed');
        return [locked.order.userId, locked.ownerId];
      });
      if (tell.length) await pushUnread(tell);
    },

    /** The store's owner moves the order along; the buyer may only cancel. Anyone else: 404. */
    async change(userId: string, orderId: string, to: Target, reason: string | null = null): Promise<OrderDetail> {
      const buyerId = await db.transaction(async (tx) => {
        const locked = await findOrder(tx, orderId, true);
        const isSeller = locked?.ownerId === userId;
        if (!locked || (!isSeller && locked.order.userId !== userId)) throw new HttpError(404, 'Order not found');
        const from = locked.order.status;
        if (!isSeller && to !== 'cancelled') throw new HttpError(403, 'Only the seller can change this order');
        if (isSeller && to !== 'cancelled' && to !== 'confirmed') throw new HttpError(409, "Ship the order with the courier: its tracking marks it shipped and delivered");
        const allowed = isSeller ? SELLER_MOVES[from].includes(to) : BUYER_CAN_CANCEL.includes(from);
        if (!allowed) throw to === 'cancelled'
            ? new HttpError(409, 'This order can no longer be cancelled')
            : new HttpError(409, 'A {{from}} order cannot be marked {{to}}', { from: { key: `order_status.${from}` }, to: { key: `order_status.${to}` } });
        if (to === 'confirmed' && locked.order.paymentMethod !== 'cod' && locked.order.paymentMethod !== null) {
          throw new HttpError(409, 'This order is waiting for payment');
        }
        if (to === 'cancelled' && (await parcels.packed(tx, orderId))) throw new HttpError(409, 'This order is packed for the courier and can no longer be cancelled');
        if (to === 'cancelled') await cancel(tx, locked, isSeller ? 'seller' : 'buyer', reason);
        else await move(tx, locked, to);
        return locked.order.userId;
      });
      await pushUnread([buyerId]);
      const row = await findOrder(db, orderId);
      const [detail] = await withDetails(db, [row!.order]);
      return detail!;
    },

    /**
     * The seller refunds one item of several (it cannot be sent, say): its money goes back, its units
     * return to the shelf, the rest of the order goes on. The last item left is a cancellation instead.
     */
    async refundItem(userId: string, orderId: string, orderItemId: string, reason: string | null): Promise<OrderDetail> {
      const buyerId = await db.transaction(async (tx) => {
        const locked = await findOrder(tx, orderId, true);
        if (!locked || locked.ownerId !== userId) throw new HttpError(404, 'Order not found');
        const { order } = locked;
        if (order.paymentStatus !== 'paid' || order.status === 'cancelled') throw new HttpError(409, 'Only a paid order can be refunded');
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
        const item = items.find((i) => i.id === orderItemId);
        if (!item) throw new HttpError(404, 'This item is not in the order');
        const refunded = await money.refundedItems(tx, orderId);
        // What is left of each line: a return may have sent back some of its units already.
        const left = (i: { id: string; quantity: number }) => i.quantity - (refunded.get(i.id) ?? 0);
        if (left(item) <= 0) throw new HttpError(409, 'This item was refunded already');
        if (items.every((i) => i.id === orderItemId || left(i) <= 0)) throw new HttpError(409, "This is the order's last item: cancel the order instead");
        await money.refund(tx, { orderId, orderItemId, reason, buyerId: order.userId, ref: orderRef(orderId) });
        if (item.productId && !order.dealId && !order.auctionId) {
          await tx.update(products).set({ stockQuantity: sql`${products.stockQuantity} + ${left(item)}`, updatedAt: new Date() }).where(eq(products.id, item.productId));
        }
        return order.userId;
      });
      await pushUnread([buyerId]);
      const row = await findOrder(db, orderId);
      const [detail] = await withDetails(db, [row!.order]);
      return detail!;
    },

    /** Reorder (delivered orders only): the same items back in the cart, as far as stock allows. */
    async reorder(userId: string, orderId: string): Promise<Cart> {
      return db.transaction(async (tx) => {
        const found = await findOrder(tx, orderId);
        if (!found || found.order.userId !== userId) throw new HttpError(404, 'Order not found');
        if (found.order.status !== 'delivered') throw new HttpError(409, 'Only delivered orders can be reordered');
        const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
        const lines = items.flatMap((i) => (i.productId ? [{ productId: i.productId, quantity: i.quantity }] : []));
        if (!(await refillCart(tx, userId, lines))) throw new HttpError(409, 'These products are no longer available');
        return readCart(tx, userId);
      });
    },

    /**
     * The order's side of a payment outcome, inside the payment's transaction. Captured: a pending order is
     * confirmed and paid. Failed (declined, or not paid in time): a pending order is cancelled and its stock
     * released. Anything else was settled before, so nothing changes. Returns the users to tell.
     */
    async paymentOutcome(tx: Tx, orderId: string, outcome: 'captured' | 'failed'): Promise<string[]> {
      const locked = await findOrder(tx, orderId, true);
      if (!locked) return [];
      const { order } = locked;
      if (outcome === 'captured') {
        if (order.status === 'pending') {
          await move(tx, locked, 'confirmed', { paymentStatus: 'paid' }, 'order_paid');
          await money.earned(tx, order.id);
          await notifySellerOfOrder(tx, locked.ownerId, order.id, order.totalAmount);
          return [order.userId, locked.ownerId];
        }
        // Money arrived for an order cancelled meanwhile (the gateway confirmed late): it is owed back.
        if (order.status === 'cancelled' && order.paymentStatus !== 'refunded') {
          await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: new Date() }).where(eq(orders.id, orderId));
          await money.refundUnearned(tx, { orderId, buyerId: order.userId, ref: orderRef(order.id) });
          return [order.userId];
        }
        return [];
      }
      if (order.status !== 'pending') return [];
      if (order.payBy) {
        // A won auction stays won until its pay-by time: the buyer may try again (another method, say).
        await tx.update(orders).set({ paymentMethod: null, paymentStatus: 'pending', updatedAt: new Date() }).where(eq(orders.id, orderId));
        await notify(tx, { userId: order.userId, type: 'order_update', kind: 'order_payment_retry', params: { ref: orderRef(order.id), store: locked.storeName }, link: '/orders' });
        return [order.userId];
      }
      await move(tx, locked, 'cancelled', { paymentStatus: 'failed', cancelledBy: 'payment' }, 'order_payment_failed');
      await release(tx, releases, order, 'payment');
      return [order.userId];
    },

    /**
     * Deadline: an order waiting for payment (a won auction) was not paid by its payBy time. It is
     * cancelled and the win passes on. A payment still open then gets its own time: returns when to look again.
     */
    async expireUnpaid(orderId: string): Promise<number | null> {
      const result = await db.transaction(async (tx): Promise<{ later: number } | { tell: string } | null> => {
        const locked = await findOrder(tx, orderId, true);
        if (!locked) return null;
        const { order } = locked;
        if (order.status !== 'pending' || !order.payBy || order.payBy.getTime() > now()) return null;
        const openSince = order.paymentMethod === null ? null : await payments.openSince(tx, order.id);
        if (openSince !== null) return { later: openSince + payments.timeoutMs + 1_000 };
        await payments.failOpen(tx, order.id);
        await move(tx, locked, 'cancelled', { paymentStatus: 'failed', cancelledBy: 'payment' }, 'order_pay_by_passed');
        await release(tx, releases, order, 'payment');
        return { tell: order.userId };
      });
      if (result && 'tell' in result) await pushUnread([result.tell]);
      return result && 'later' in result ? result.later : null;
    },
  };
}

export type OrderStatusService = ReturnType<typeof createOrderStatusService>;
