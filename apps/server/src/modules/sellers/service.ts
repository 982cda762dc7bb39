import { and, count, eq } from 'drizzle-orm';
import type { CreateSellerBody, FollowReply, Seller, SellerProfile } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { NAMELESS, findDisplayName } from '../auth/index.js';
import { notify, type UnreadPush } from '../notifications/index.js';
import { follows, sellers } from './tables.js';
import { isUniqueViolation } from '../../db/errors.js';
import { totalSalesOf } from './sales.js';
import { searchKey } from '../search/key.js';

export function toSellerDto(row: typeof sellers.$inferSelect, totalSales: string): Seller {
  return {
    id: row.id,
    userId: row.userId,
    storeName: row.storeName,
    description: row.description,
    category: row.category,
    followersCount: row.followersCount,
    totalSales,
    isVerified: row.isVerified,
    verificationLevel: row.verificationLevel,
  };
}

/** The store a user owns, or null. */
export async function storeOfUser(db: Db, userId: string): Promise<Seller | null> {
  const [row] = await db.select().from(sellers).where(eq(sellers.userId, userId)).limit(1);
  return row ? toSellerDto(row, await totalSalesOf(db, row.id)) : null;
}

async function findSeller(db: Db | Tx, sellerId: string, lock = false) {
  const query = db.select().from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'Seller not found');
  return row;
}

async function isFollowing(db: Db | Tx, userId: string, sellerId: string) {
  const [row] = await db.select({ id: follows.id }).from(follows).where(and(eq(follows.followerId, userId), eq(follows.sellerId, sellerId)));
  return !!row;
}

export async function getSellerProfile(db: Db, sellerId: string, userId: string): Promise<SellerProfile> {
  const row = await findSeller(db, sellerId);
  const [totalSales, following] = await Promise.all([totalSalesOf(db, sellerId), isFollowing(db, userId, sellerId)]);
  return { ...toSellerDto(row, totalSales), isFollowing: following };
}

// followersCount is recounted from the follows table in the same transaction, with the seller's row
// locked first: concurrent follows of one store take turns, so the count always equals the real follows.
async function recount(tx: Tx, sellerId: string): Promise<number> {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(follows).where(eq(follows.sellerId, sellerId));
  await tx.update(sellers).set({ followersCount: n }).where(eq(sellers.id, sellerId));
  return n;
}

/** Idempotent: following twice keeps one follow and sends one notification. */
export async function follow(db: Db, userId: string, sellerId: string, pushUnread?: UnreadPush): Promise<FollowReply> {
  const notified: string[] = [];
  const reply = await db.transaction(async (tx) => {
    const seller = await findSeller(tx, sellerId, true);
    if (seller.userId === userId) throw new HttpError(400, 'You cannot follow your own store');
    const inserted = await tx.insert(follows).values({ followerId: userId, sellerId }).onConflictDoNothing().returning({ id: follows.id });
    const followersCount = await recount(tx, sellerId);
    if (inserted.length) {
      const name = await findDisplayName(tx, userId);
      // A follower without a name is "Shopper" in the seller's own language.
      await notify(tx, { userId: seller.userId, type: 'follow', kind: 'new_follower', params: { name: name === NAMELESS ? { key: 'shopper' } : name, store: seller.storeName } });
      notified.push(seller.userId);
    }
    return { isFollowing: true, followersCount };
  });
  // After the commit, so the seller's count includes the new follower.
  if (notified.length) await pushUnread?.(notified);
  return reply;
}

export async function unfollow(db: Db, userId: string, sellerId: string): Promise<FollowReply> {
  return db.transaction(async (tx) => {
    await findSeller(tx, sellerId, true);
    await tx.delete(follows).where(and(eq(follows.followerId, userId), eq(follows.sellerId, sellerId)));
    return { isFollowing: false, followersCount: await recount(tx, sellerId) };
  });
}


/** Self-service store registration: one store per user. */
export async function createSeller(db: Db, userId: string, body: CreateSellerBody): Promise<Seller> {
  try {
    const [row] = await db.insert(sellers).values({ userId, storeName: body.storeName, searchKey: searchKey(body.storeName), description: body.description, category: body.category }).returning();
    return toSellerDto(row!, '0.00');
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'You already have a store');
    throw error;
  }
}

/** The user's store id, without its figures; null without a store. */
export async function sellerIdOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId)).limit(1);
  return row?.id ?? null;
}

export async function hasStore(db: Db, userId: string): Promise<boolean> {
  return (await sellerIdOfUser(db, userId)) !== null;
}
