import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SellerDashboard, VerificationBody, VerificationSubmission } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { products } from '../products/tables.js';
import { orders } from '../shopper/tables.js';
import { streams } from '../streams/tables.js';
import { sellers, verificationSubmissions } from './tables.js';

import { SALE, totalSalesOf } from './sales.js';

/** The signed-in user's store, or 403: the seller screens' routes start here. */
export async function storeOf(db: Db, userId: string) {
  const [row] = await db.select().from(sellers).where(eq(sellers.userId, userId));
  if (!row) throw new HttpError(403, 'You need a store for this. Create one first.');
  return row;
}

export async function sellerDashboard(db: Db, userId: string): Promise<SellerDashboard> {
  const store = await storeOf(db, userId);
  const [totalSales, [active], [live]] = await Promise.all([
    totalSalesOf(db, store.id),
    db.select({ n: count() }).from(products).where(and(eq(products.sellerId, store.id), eq(products.isActive, true))),
    db.select({ id: streams.id }).from(streams).where(and(eq(streams.sellerId, store.id), eq(streams.isLive, true))),
  ]);
  let liveSales = '0.00';
  let liveOrders = 0;
  if (live) {
    const [row] = await db
      // A live order is one placed during the show and not cancelled (a failed payment cancels it).
      .select({
        total: sql<string>`coalesce(sum(${orders.totalAmount}) filter (where ${SALE}), 0)::numeric(14,2)::text`,
        n: sql<number>`(count(*) filter (where ${orders.status} <> 'cancelled'))::int`,
      })
      .from(orders)
      .where(eq(orders.streamId, live.id));
    liveSales = row?.total ?? '0.00';
    liveOrders = row?.n ?? 0;
  }
  return {
    followersCount: store.followersCount,
    totalSales,
    activeProducts: active?.n ?? 0,
    liveStreamId: live?.id ?? null,
    liveSales,
    liveOrders,
  };
}

/** One pending submission at a time; the seller's row is locked so two quick taps make one submission. */
export async function submitVerification(db: Db, userId: string, body: VerificationBody & { gstNumber?: string }): Promise<VerificationSubmission> {
  return db.transaction(async (tx) => {
    const [store] = await tx.select().from(sellers).where(eq(sellers.userId, userId)).for('update');
    if (!store) throw new HttpError(403, 'You need a store for this. Create one first.');
    const [pending] = await tx
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(and(eq(verificationSubmissions.sellerId, store.id), eq(verificationSubmissions.status, 'pending')));
    if (pending) throw new HttpError(409, 'Your verification is already under review. We will tell you the result within 24-48 hours.');
    const [row] = await tx
      .insert(verificationSubmissions)
      .values({
        sellerId: store.id,
        businessName: body.businessName,
        businessAddress: body.businessAddress,
        businessPhone: body.businessPhone,
        gstNumber: body.gstNumber ?? null,
        panNumber: body.panNumber,
      })
      .returning();
    return { id: row!.id, status: row!.status, createdAt: row!.createdAt.toISOString() };
  });
}

export async function listSubmissions(db: Db, statuses: Array<'pending' | 'approved' | 'rejected'> = ['pending']) {
  return db
    .select({ submission: verificationSubmissions, storeName: sellers.storeName, userId: sellers.userId })
    .from(verificationSubmissions)
    .innerJoin(sellers, eq(sellers.id, verificationSubmissions.sellerId))
    .where(inArray(verificationSubmissions.status, statuses))
    .orderBy(desc(verificationSubmissions.createdAt));
}
