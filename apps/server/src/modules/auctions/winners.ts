import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import type { Deadlines } from '../../jobs/timers.js';
import { notify, type UnreadPush } from '../notifications/index.js';
import { ORDER_PAY_BY_JOB, orderEvents, orderRef } from '../orders/index.js';
import { products, returnDaysFor } from '../products/index.js';
import type { PushSender } from '../push/index.js';
import { orderItems, orders } from '../shopper/index.js';
import { streams } from '../streams/index.js';
import { auctionBids, type auctions } from './tables.js';
import { formatRupees } from '../../i18n/rupees.js';

export interface Award {
  auctionId: string;
  streamId: string;
  productId: string;
  userId: string;
  price: string;
  /** The winner, or a runner-up the unpaid win passed to. */
  kind: 'auction_won' | 'auction_offer';
}

/**
 * The order a won auction becomes: at the winning price, waiting for payment until payBy (the delivery
 * address and the method are chosen when paying, POST /api/orders/{id}/pay).
 */
export function createWinners(deps: { deadlines: Deadlines; push: PushSender; pushUnread: UnreadPush; payMinutes: number; now: () => number }) {
  return {
    async award(tx: Tx, w: Award): Promise<string> {
      const [show] = await tx.select({ sellerId: streams.sellerId }).from(streams).where(eq(streams.id, w.streamId));
      const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, w.productId));
      const payBy = new Date(deps.now() + deps.payMinutes * 60_000);
      const [order] = await tx
        .insert(orders)
        .values({
          userId: w.userId,
          sellerId: show!.sellerId,
          streamId: w.streamId,
          source: 'live',
          status: 'pending',
          totalAmount: w.price,
          paymentMethod: null,
          paymentStatus: 'pending',
          auctionId: w.auctionId,
          payBy,
          idempotencyKey: `auction:${w.auctionId}`,
        })
        .returning({ id: orders.id });
      const returnDays = (await returnDaysFor(tx, [w.productId])).get(w.productId) ?? null;
      await tx.insert(orderItems).values({ orderId: order!.id, productId: w.productId, productName: product?.name ?? '', unitPrice: w.price, quantity: 1, returnDays });
      await tx.insert(orderEvents).values({ orderId: order!.id, status: 'pending' });
      const link = '/orders';
      await notify(tx, {
        userId: w.userId,
        type: 'order_update',
        kind: w.kind,
        params: { product: product?.name ?? '', amount: formatRupees(w.price), ref: orderRef(order!.id), minutes: deps.payMinutes },
        link,
      });
      afterCommit(tx, async () => {
        deps.deadlines.at(ORDER_PAY_BY_JOB, order!.id, { orderId: order!.id }, payBy.getTime());
        await deps.pushUnread([w.userId]);
        await deps.push.sendNotifications([w.userId], link, { ttlSeconds: deps.payMinutes * 60, urgency: 'high' });
      });
      return order!.id;
    },
  };
}

export type Winners = ReturnType<typeof createWinners>;

/**
 * The win passes to the best bidder who has not had it yet, at their own highest accepted bid.
 * Returns false when nobody is left (the unit then goes back on sale).
 */
export async function offerToNextBidder(tx: Tx | Db, winners: Winners, a: typeof auctions.$inferSelect): Promise<boolean> {
  const had = tx.select({ userId: orders.userId }).from(orders).where(eq(orders.auctionId, a.id));
  const [next] = await tx
    .select({ userId: auctionBids.userId, amount: sql<string>`max(${auctionBids.amount})` })
    .from(auctionBids)
    .where(and(eq(auctionBids.auctionId, a.id), notInArray(auctionBids.userId, had)))
    .groupBy(auctionBids.userId)
    .orderBy(desc(sql`max(${auctionBids.amount})`))
    .limit(1);
  if (!next) return false;
  await winners.award(tx as Tx, { auctionId: a.id, streamId: a.streamId, productId: a.productId, userId: next.userId, price: next.amount, kind: 'auction_offer' });
  return true;
}

/**
 * When the won auction's order must be paid by, while it waits for payment (as the order itself says:
 * orders/details.ts); null once paid, chosen cash on delivery, or passed on.
 */
export async function winnerPayBy(conn: Db | Tx, auctionId: string): Promise<string | null> {
  const [live] = await conn
    .select({ payBy: orders.payBy, status: orders.status, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(and(eq(orders.auctionId, auctionId), ne(orders.status, 'cancelled')));
  return live?.payBy && live.status === 'pending' && live.paymentMethod === null ? live.payBy.toISOString() : null;
}
