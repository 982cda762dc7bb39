import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { CART_MAX_QUANTITY, MAX_AMOUNT_PAISE, paiseToRupees, rupeesToPaise, type PaymentAction, type PlaceOrderResult } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { formatRupees } from '../../i18n/rupees.js';
import { HttpError } from '../../plugins/errors.js';
import { products, returnDaysFor } from '../products/index.js';
import { checkDeliveryState, sellers } from '../sellers/index.js';
import { orderItems, orders } from '../shopper/index.js';
import { hasReplay } from '../replays/index.js';
import { streams } from '../streams/index.js';
import { findOwnAddress } from './addresses-service.js';
import { stockError } from './cart-service.js';
import { findOrder, withDetails, type OrderRow } from './details.js';
import { spendCredit } from '../store-credit/index.js';
import type { OrderCod, OrderDeals, OrderMoney, OrderPayments, PushUnread } from './ports.js';
import { notifySellerOfOrder } from './status.js';
import { cartItems, orderEvents } from './tables.js';

export interface PlaceOrderInput {
  items: { productId: string; quantity: number }[];
  addressId: string;
  paymentMethod: 'upi' | 'card' | 'wallet' | 'cod' | 'store_credit';
  streamId?: string;
  /** Bought from the show's replay (issue 13) rather than live; needs the streamId of an ended show with one. */
  source?: 'live' | 'replay';
  fromCart: boolean;
  /** At a flash deal's price (issue 14): one item, the deal's product. */
  dealId?: string;
  idempotencyKey: string;
}

/** Same products and quantities: a replay of the same checkout, not a different order under an old key. */
function sameItems(a: Map<string, number>, b: { productId: string | null; quantity: number }[]) {
  const other = new Map<string, number>();
  for (const i of b) if (i.productId) other.set(i.productId, (other.get(i.productId) ?? 0) + i.quantity);
  return a.size === other.size && [...a].every(([id, q]) => other.get(id) === q);
}

function merge(items: PlaceOrderInput['items']): Map<string, number> {
  const merged = new Map<string, number>();
  for (const i of items) merged.set(i.productId, (merged.get(i.productId) ?? 0) + i.quantity);
  for (const q of merged.values()) if (q > CART_MAX_QUANTITY) throw new HttpError(409, 'At most {{max}} of one product per order', { max: CART_MAX_QUANTITY });
  return merged;
}

/** Paid without a gateway: cash at the door later, or store credit now. */
const offline = (method: string | null) => method === 'cod' || method === 'store_credit';

export function createOrdersService(deps: {
  db: Db;
  payments: OrderPayments;
  deals: OrderDeals;
  money: Pick<OrderMoney, 'earned'>;
  cod: OrderCod;
  pushUnread: PushUnread;
  now?: () => number;
}) {
  const { db, payments, pushUnread } = deps;
  const now = deps.now ?? Date.now;

  /** Store credit pays the whole order at once: it is paid, and the seller has earned it. */
  async function payWithCredit(tx: Tx, userId: string, orderId: string, totalPaise: number) {
    await spendCredit(tx, { userId, amountPaise: totalPaise, orderId, at: new Date(now()) });
    await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: new Date() }).where(eq(orders.id, orderId));
    await deps.money.earned(tx, orderId);
  }

  /** A deal's order takes its units from the deal (allocated when it started), at the deal's price. */
  async function takeFromDeal(tx: Tx, userId: string, dealId: string, wanted: Map<string, number>) {
    if (wanted.size !== 1) throw new HttpError(400, 'A deal is bought on its own');
    const [productId, quantity] = [...wanted][0]!;
    const { price, streamId } = await deps.deals.take(tx, { dealId, userId, productId, quantity });
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
    return { line: { productId, name: product!.name, price, quantity }, streamId };
  }

  /** Everything in one transaction: stock is taken with a guarded UPDATE, so it can never go below zero. */
  async function insertOrder(tx: Tx, userId: string, input: PlaceOrderInput, wanted: Map<string, number>): Promise<string> {
    const ids = [...wanted.keys()].sort(); // one lock order for every checkout: no deadlocks between them
    const found = await tx
      .select({ id: products.id, sellerId: products.sellerId, isActive: products.isActive, ownerId: sellers.userId })
      .from(products)
      .innerJoin(sellers, eq(sellers.id, products.sellerId))
      .where(inArray(products.id, ids));
    if (found.length !== ids.length || found.some((p) => !p.isActive)) throw new HttpError(404, 'Product not found');
    const sellerIds = new Set(found.map((p) => p.sellerId));
    if (sellerIds.size > 1) throw new HttpError(400, 'All items in an order must come from one store');
    const { sellerId, ownerId } = found[0]!;
    if (ownerId === userId) throw new HttpError(403, 'You cannot buy from your own store');
    const address = await findOwnAddress(tx, userId, input.addressId);
    if (!address) throw new HttpError(404, 'Address not found');
    await checkDeliveryState(tx, sellerId, address.state);

    const lines: { productId: string; name: string; price: string; quantity: number }[] = [];
    const deal = input.dealId ? await takeFromDeal(tx, userId, input.dealId, wanted) : null;
    if (deal) lines.push(deal.line);
    for (const id of deal ? [] : ids) {
      const quantity = wanted.get(id)!;
      const [taken] = await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}`, updatedAt: new Date() })
        .where(and(eq(products.id, id), eq(products.isActive, true), gte(products.stockQuantity, quantity)))
        .returning({ name: products.name, price: products.price });
      if (!taken) {
        const [now] = await tx.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id));
        throw stockError(now?.stock ?? 0);
      }
      lines.push({ productId: id, name: taken.name, price: taken.price, quantity });
    }
    const totalPaise = lines.reduce((sum, l) => sum + rupeesToPaise(l.price) * l.quantity, 0);
    // Two of the dearest product (₹1,000 crore) are more than an order's numeric(12,2) holds: a 409, not a 500.
    if (totalPaise > MAX_AMOUNT_PAISE) throw new HttpError(409, 'An order can total at most {{max}}', { max: formatRupees(paiseToRupees(MAX_AMOUNT_PAISE)) });
    const total = paiseToRupees(totalPaise);
    // Only a stream of this store counts the sale (analytics attribute orders to streams).
    const streamId = deal?.streamId ?? input.streamId;
    const [stream] = streamId
      ? await tx.select({ id: streams.id }).from(streams).where(and(eq(streams.id, streamId), eq(streams.sellerId, sellerId)))
      : [];
    // The order records where it was bought: the show live (any order from a show, as before) or its replay.
    const fromReplay = input.source === 'replay';
    if (fromReplay && !(stream && (await hasReplay(tx, stream.id)))) throw new HttpError(400, 'This show has no replay to buy from');
    const paidLater = offline(input.paymentMethod);
    const { id: _id, ...snapshot } = address;
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        sellerId,
        streamId: stream?.id ?? null,
        source: fromReplay ? 'replay' : stream ? 'live' : null,
        status: paidLater ? 'confirmed' : 'pending',
        totalAmount: total,
        paymentMethod: input.paymentMethod,
        paymentStatus: 'pending',
        address: snapshot,
        dealId: input.dealId ?? null,
        idempotencyKey: input.idempotencyKey,
      })
      .returning({ id: orders.id, status: orders.status });
    const returnDays = await returnDaysFor(tx, lines.map((l) => l.productId));
    await tx
      .insert(orderItems)
      .values(lines.map((l) => ({ orderId: order!.id, productId: l.productId, productName: l.name, unitPrice: l.price, quantity: l.quantity, returnDays: returnDays.get(l.productId) ?? null })));
    await tx.insert(orderEvents).values({ orderId: order!.id, status: order!.status });
    if (input.fromCart) await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, ids)));
    if (input.paymentMethod === 'store_credit') await payWithCredit(tx, userId, order!.id, totalPaise);
    if (input.paymentMethod === 'cod') await deps.cod.placed(tx, { orderId: order!.id, userId, totalPaise, phone: address.phone });
    if (!paidLater) await payments.open(tx, { userId, orderId: order!.id, amount: total, method: input.paymentMethod as 'upi' | 'card' | 'wallet' });
    else await notifySellerOfOrder(tx, ownerId, order!.id, total);
    return order!.id;
  }

  async function byKey(userId: string, key: string): Promise<OrderRow | null> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  }

  async function result(row: OrderRow): Promise<PlaceOrderResult> {
    const [order] = await withDetails(db, [row]);
    const payment: PaymentAction = offline(row.paymentMethod) ? { provider: 'none' } : await payments.actionForOrder(row.id);
    return { order: order!, payment };
  }

  async function replay(row: OrderRow, wanted: Map<string, number>): Promise<PlaceOrderResult> {
    const items = await db.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, row.id));
    if (!sameItems(wanted, items)) throw new HttpError(409, 'This idempotency key was already used for another order');
    return result(row);
  }

  return {
    /**
     * Pays an order that waits for payment (a won auction): the delivery address and the method are chosen
     * now. Cash on delivery confirms it at once; otherwise a payment opens, as at checkout.
     */
    async pay(userId: string, orderId: string, body: { addressId: string; paymentMethod: PlaceOrderInput['paymentMethod'] }): Promise<PlaceOrderResult> {
      const owner = await db.transaction(async (tx) => {
        const locked = await findOrder(tx, orderId, true);
        if (!locked || locked.order.userId !== userId) throw new HttpError(404, 'Order not found');
        const { order } = locked;
        const waiting = order.status === 'pending' && order.paymentMethod === null && order.payBy !== null;
        if (!waiting) throw new HttpError(409, 'This order is not waiting for payment');
        if (order.payBy!.getTime() <= now()) throw new HttpError(409, 'The time to pay for this order has passed');
        const address = await findOwnAddress(tx, userId, body.addressId);
        if (!address) throw new HttpError(404, 'Address not found');
        await checkDeliveryState(tx, order.sellerId, address.state);
        const { id: _id, ...snapshot } = address;
        const paidLater = offline(body.paymentMethod);
        await tx
          .update(orders)
          .set({ address: snapshot, paymentMethod: body.paymentMethod, status: paidLater ? 'confirmed' : 'pending', updatedAt: new Date() })
          .where(eq(orders.id, order.id));
        if (paidLater) {
          await tx.insert(orderEvents).values({ orderId: order.id, status: 'confirmed' });
          if (body.paymentMethod === 'store_credit') await payWithCredit(tx, userId, order.id, rupeesToPaise(order.totalAmount));
          if (body.paymentMethod === 'cod') await deps.cod.placed(tx, { orderId: order.id, userId, totalPaise: rupeesToPaise(order.totalAmount), phone: address.phone });
          await notifySellerOfOrder(tx, locked.ownerId, order.id, order.totalAmount);
          return locked.ownerId;
        }
        await payments.open(tx, { userId, orderId: order.id, amount: order.totalAmount, method: body.paymentMethod as 'upi' | 'card' | 'wallet' });
        return null;
      });
      if (owner) await pushUnread([owner]);
      const row = await findOrder(db, orderId);
      return result(row!.order);
    },

    /** `created` is false when the idempotency key named an order placed before: that order is returned. */
    async place(userId: string, input: PlaceOrderInput): Promise<{ created: boolean; result: PlaceOrderResult }> {
      const wanted = merge(input.items);
      const earlier = await byKey(userId, input.idempotencyKey);
      if (earlier) return { created: false, result: await replay(earlier, wanted) };
      // A sold-out deal's crowd is answered here, not queued on the deal row's lock.
      if (input.dealId) deps.deals.refuseSoldOut?.(input.dealId, userId);
      let orderId: string;
      try {
        orderId = await db.transaction((tx) => insertOrder(tx, userId, input, wanted));
      } catch (error) {
        // Two taps raced past the lookup above: the second insert hit the unique key; answer with the first order.
        const winner = isUniqueViolation(error) ? await byKey(userId, input.idempotencyKey) : null;
        if (!winner) throw error;
        return { created: false, result: await replay(winner, wanted) };
      }
      const row = await findOrder(db, orderId);
      if (offline(row!.order.paymentMethod)) await pushUnread([row!.ownerId]);
      return { created: true, result: await result(row!.order) };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
