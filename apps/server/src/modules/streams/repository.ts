import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { ratingAverage, type LanguageCode } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { storeRatings } from '../reviews/tables.js';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { products } from '../products/tables.js';
import { chatMessages, streamFeaturedEvents, streamPlannedProducts, streamReminders, streams, streamViewers } from './tables.js';
import { searchKey } from '../search/key.js';

export type StreamRow = typeof streams.$inferSelect;

/** The live list, each show with its store's rating (issue 28). */
export async function findLiveStreams(db: Db) {
  const rows = await db
    .select({ stream: streams, count: storeRatings.count, total: storeRatings.total })
    .from(streams)
    .leftJoin(storeRatings, eq(storeRatings.sellerId, streams.sellerId))
    .where(eq(streams.isLive, true))
    .orderBy(desc(streams.startedAt))
    .limit(100);
  return rows.map((r) => ({ ...r.stream, storeRating: ratingShown(r.count, r.total) }));
}

/** One store's rating for a show that just went live (the lists hear of it by socket). */
export async function storeRatingOf(db: Db | Tx, sellerId: string) {
  const [row] = await db.select({ count: storeRatings.count, total: storeRatings.total }).from(storeRatings).where(eq(storeRatings.sellerId, sellerId));
  return ratingShown(row?.count ?? null, row?.total ?? null);
}

const ratingShown = (count: number | null, total: number | null) => ({ average: ratingAverage(total ?? 0, count ?? 0), count: count ?? 0 });

export async function findStreamWithSeller(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ stream: streams, seller: { id: sellers.id, userId: sellers.userId, storeName: sellers.storeName } })
    .from(streams)
    .innerJoin(sellers, eq(sellers.id, streams.sellerId))
    .where(eq(streams.id, id))
    .limit(1);
  return row ?? null;
}

// The analytics screen reads a year of streams (its longest period), however many there were; a seller
// with few recent shows still sees their last RECENT_STREAMS.
const YEAR_OF_STREAMS_MS = 366 * 24 * 60 * 60 * 1000;
const RECENT_STREAMS = 200;

/** The analytics screen passes a user id, others a seller id: both find the seller's streams, newest first. */
export async function findStreamsOfSeller(db: Db, sellerOrUserId: string) {
  // Shows that went live; an announced one not yet started is in the upcoming list instead.
  const ofSeller = and(or(eq(sellers.id, sellerOrUserId), eq(sellers.userId, sellerOrUserId)), isNotNull(streams.startedAt));
  const query = () => db.select({ stream: streams }).from(streams).innerJoin(sellers, eq(sellers.id, streams.sellerId));
  const lastYear = await query()
    .where(and(ofSeller, gte(streams.startedAt, new Date(Date.now() - YEAR_OF_STREAMS_MS))))
    .orderBy(desc(streams.startedAt));
  const rows = lastYear.length >= RECENT_STREAMS ? lastYear : await query().where(ofSeller).orderBy(desc(streams.startedAt)).limit(RECENT_STREAMS);
  return rows.map((r) => r.stream);
}

export async function isUserId(db: Db, id: string): Promise<boolean> {
  return (await db.select({ id: user.id }).from(user).where(eq(user.id, id)).limit(1)).length > 0;
}

/** The seller with their own language (issue 29: a show is in it unless they choose another). */
export async function findSellerOfUser(db: Db, userId: string) {
  const [row] = await db
    .select({ seller: sellers, userLanguage: user.language })
    .from(sellers)
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(eq(sellers.userId, userId))
    .limit(1);
  return row ? { ...row.seller, userLanguage: row.userLanguage } : null;
}

/** The seller's show that is live now, else the next one announced (not started, not ended), soonest first. */
export async function findCameraShow(db: Db, sellerId: string) {
  const [live] = await db.select().from(streams).where(and(eq(streams.sellerId, sellerId), eq(streams.isLive, true))).limit(1);
  if (live) return live;
  const [next] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.sellerId, sellerId), isNull(streams.startedAt), isNull(streams.endedAt), isNotNull(streams.scheduledFor)))
    .orderBy(asc(streams.scheduledFor))
    .limit(1);
  return next ?? null;
}

export interface NewStream {
  sellerId: string;
  title: string;
  description: string | null;
  thumbnailUrl: string | null;
  recordingEnabled: boolean;
  /** Set: announced, not live; null: live at once. */
  scheduledFor: Date | null;
  /** Issue 29: one of the ten language codes. */
  language: LanguageCode;
}

export async function insertStream(db: Db | Tx, values: NewStream) {
  const live = values.scheduledFor === null;
  const [row] = await db
    .insert(streams)
    .values({
      ...values,
      isLive: live,
      startedAt: live ? new Date() : null,
      // Found by its title and by its store's name (the store's key is already written).
      searchKey: sql`trim(${searchKey(values.title)} || ' ' || coalesce((select ${sellers.searchKey} from ${sellers} where ${sellers.id} = ${values.sellerId}), ''))`,
    })
    .returning();
  return row!;
}

export async function insertPlannedProducts(db: Db | Tx, streamId: string, productIds: string[]) {
  if (productIds.length === 0) return;
  await db.insert(streamPlannedProducts).values(productIds.map((productId, position) => ({ streamId, productId, position })));
}

/** The seller's active products among ids (a foreign or inactive one is missing from the answer). */
export async function findOwnActiveProductIds(db: Db | Tx, sellerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.sellerId, sellerId), eq(products.isActive, true)));
  return new Set(rows.map((r) => r.id));
}

/** A scheduled show goes live once: only while it has not started nor ended. */
export async function markStarted(db: Db | Tx, id: string): Promise<StreamRow | null> {
  const [row] = await db
    .update(streams)
    .set({ isLive: true, startedAt: new Date() })
    .where(and(eq(streams.id, id), isNull(streams.startedAt), isNull(streams.endedAt)))
    .returning();
  return row ?? null;
}

/** Deletes a show that never started; null when it has started meanwhile. */
export async function deleteUnstarted(db: Db | Tx, id: string): Promise<StreamRow | null> {
  const [row] = await db
    .delete(streams)
    .where(and(eq(streams.id, id), isNull(streams.startedAt)))
    .returning();
  return row ?? null;
}

// A show whose time passed without its seller starting it stays listed this long, marked as late.
const UPCOMING_GRACE_MS = 12 * 60 * 60 * 1000;

/** Announced, not started, not ended; soonest first. */
export async function findUpcoming(db: Db, opts: { now: Date; limit: number; sellerId?: string; viewerId: string; language?: LanguageCode }) {
  const reminded = sql<boolean>`exists (select 1 from ${streamReminders} where ${streamReminders.streamId} = ${streams.id} and ${streamReminders.userId} = ${opts.viewerId})`;
  return db
    .select({ stream: streams, storeName: sellers.storeName, reminded })
    .from(streams)
    .innerJoin(sellers, eq(sellers.id, streams.sellerId))
    .where(
      and(
        isNull(streams.startedAt),
        isNull(streams.endedAt),
        gt(streams.scheduledFor, new Date(opts.now.getTime() - UPCOMING_GRACE_MS)),
        opts.sellerId ? eq(streams.sellerId, opts.sellerId) : undefined,
        opts.language ? eq(streams.language, opts.language) : undefined,
      ),
    )
    .orderBy(asc(streams.scheduledFor), asc(streams.id))
    .limit(opts.limit);
}

/** Planned products of many shows, each show's in its chosen order (active products only). */
export async function findPlannedProducts(db: Db, streamIds: string[]) {
  if (streamIds.length === 0) return [];
  return db
    .select({ streamId: streamPlannedProducts.streamId, product: products })
    .from(streamPlannedProducts)
    .innerJoin(products, eq(products.id, streamPlannedProducts.productId))
    .where(and(inArray(streamPlannedProducts.streamId, streamIds), eq(products.isActive, true)))
    .orderBy(asc(streamPlannedProducts.position));
}

export async function isReminded(db: Db, streamId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(streamReminders)
    .where(and(eq(streamReminders.streamId, streamId), eq(streamReminders.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function recordFeatured(db: Db | Tx, streamId: string, productId: string | null) {
  await db.insert(streamFeaturedEvents).values({ streamId, productId });
}

/** Ends a live stream once; its viewerCount becomes the number of distinct viewers who joined. */
export async function markEnded(db: Db, id: string): Promise<StreamRow | null> {
  const joined = db.select({ n: count() }).from(streamViewers).where(eq(streamViewers.streamId, id));
  const [row] = await db
    .update(streams)
    .set({ isLive: false, endedAt: new Date(), viewerCount: sql`greatest((${joined}), 0)` })
    .where(and(eq(streams.id, id), eq(streams.isLive, true)))
    .returning();
  return row ?? null;
}

export async function recordViewer(db: Db, streamId: string, userId: string) {
  await db.insert(streamViewers).values({ streamId, userId }).onConflictDoNothing();
}

export async function setViewerCount(db: Db, streamId: string, viewerCount: number) {
  await db.update(streams).set({ viewerCount }).where(and(eq(streams.id, streamId), eq(streams.isLive, true)));
}

export async function setFeaturedProduct(db: Db | Tx, streamId: string, productId: string | null) {
  await db.update(streams).set({ featuredProductId: productId }).where(eq(streams.id, streamId));
}

export async function touchPublisher(db: Db, streamIds: string[], at = new Date()) {
  if (streamIds.length === 0) return;
  await db.update(streams).set({ publisherSeenAt: at }).where(inArray(streams.id, streamIds));
}

/** Live streams nobody has published to since `before` (or never, and started before it). */
export async function findAbandoned(db: Db, before: Date) {
  return db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.isLive, true), lt(sql`coalesce(${streams.publisherSeenAt}, ${streams.startedAt})`, before)));
}

export async function findLiveDemoStreams(db: Db) {
  return db.select({ id: streams.id }).from(streams).where(and(eq(streams.isLive, true), eq(streams.isDemo, true)));
}

/** The newest line with this text the user sent in the stream since then (held and deleted ones too), with the author's name. */
export async function findOwnChatLine(db: Db, where: { streamId: string; userId: string; message: string; since: Date }) {
  const [row] = await db
    .select({ m: chatMessages, firstName: user.firstName, lastName: user.lastName, erasedAt: user.erasedAt })
    .from(chatMessages)
    .innerJoin(user, eq(user.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.streamId, where.streamId),
        eq(chatMessages.userId, where.userId),
        eq(chatMessages.message, where.message),
        gte(chatMessages.createdAt, where.since),
      ),
    )
    .orderBy(desc(chatMessages.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findRecentMessages(db: Db, streamId: string, limit: number) {
  const recent = await db
    .select({ m: chatMessages, firstName: user.firstName, lastName: user.lastName, erasedAt: user.erasedAt })
    .from(chatMessages)
    .innerJoin(user, eq(user.id, chatMessages.userId))
    // Deleted and held messages are nobody's history.
    .where(and(eq(chatMessages.streamId, streamId), isNull(chatMessages.deletedAt), eq(chatMessages.held, false)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return recent.reverse();
}
