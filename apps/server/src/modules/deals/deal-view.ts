import { and, eq, ne, sql } from 'drizzle-orm';
import type { Deal, DealViewer } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { products } from '../products/index.js';
import { orderItems, orders } from '../shopper/index.js';
import { dealWaitlist, type deals } from './tables.js';

export type DealRow = typeof deals.$inferSelect;

/** A deal sells until it ends, is ended, or is settled. */
export function running(deal: DealRow, now: number): boolean {
  return deal.settledAt === null && deal.endedAt === null && deal.endsAt.getTime() > now;
}

/** One viewer's side of a deal: units bought, and their place on the waitlist or the unit held for them. */
export async function dealViewer(conn: Db | Tx, dealId: string, userId: string, now: number): Promise<DealViewer> {
  const [[bought], [place]] = await Promise.all([
    conn
      .select({ units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(orders.dealId, dealId), eq(orders.userId, userId), ne(orders.status, 'cancelled'))),
    conn.select({ status: dealWaitlist.status, holdUntil: dealWaitlist.holdUntil }).from(dealWaitlist).where(and(eq(dealWaitlist.dealId, dealId), eq(dealWaitlist.userId, userId))),
  ]);
  const holding = place?.status === 'offered' && place.holdUntil !== null && place.holdUntil.getTime() > now;
  return {
    bought: bought?.units ?? 0,
    waitlisted: place?.status === 'waiting' || holding,
    holdUntil: holding ? place.holdUntil!.toISOString() : null,
  };
}

/** Buyers holding a released unit of the deal: a sold-out deal still sells to them. */
export async function holdersOf(conn: Db | Tx, dealId: string, now: number): Promise<string[]> {
  const rows = await conn
    .select({ userId: dealWaitlist.userId })
    .from(dealWaitlist)
    .where(and(eq(dealWaitlist.dealId, dealId), eq(dealWaitlist.status, 'offered'), sql`${dealWaitlist.holdUntil} > ${new Date(now)}`));
  return rows.map((r) => r.userId);
}

/** The deal as the banner shows it; with a user, their own side too. */
export async function dealDto(conn: Db | Tx, deal: DealRow, now: number, userId?: string): Promise<Deal> {
  const [product] = await conn.select({ name: products.name, imageUrl: products.imageUrl, price: products.price }).from(products).where(eq(products.id, deal.productId));
  return {
    id: deal.id,
    streamId: deal.streamId,
    productId: deal.productId,
    productName: product?.name ?? '',
    imageUrl: product?.imageUrl ?? null,
    price: product?.price ?? deal.dealPrice,
    dealPrice: deal.dealPrice,
    units: deal.units,
    unitsLeft: running(deal, now) ? deal.unitsLeft : 0,
    perBuyerLimit: deal.perBuyerLimit,
    endsAt: deal.endsAt.toISOString(),
    isActive: running(deal, now),
    serverNow: new Date(now).toISOString(),
    ...(userId ? { viewer: await dealViewer(conn, deal.id, userId, now) } : {}),
  };
}
