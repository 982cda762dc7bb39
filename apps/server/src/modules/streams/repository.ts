import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { chatMessages, streams, streamViewers } from './tables.js';

export type StreamRow = typeof streams.$inferSelect;

export async function findLiveStreams(db: Db) {
  return db.select().from(streams).where(eq(streams.isLive, true)).orderBy(desc(streams.startedAt)).limit(100);
}

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
  const ofSeller = or(eq(sellers.id, sellerOrUserId), eq(sellers.userId, sellerOrUserId));
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

export async function findSellerOfUser(db: Db, userId: string) {
  const [row] = await db.select().from(sellers).where(eq(sellers.userId, userId)).limit(1);
  return row ?? null;
}

export async function insertStream(db: Db | Tx, values: { sellerId: string; title: string; description: string | null }) {
  const [row] = await db.insert(streams).values({ ...values, isLive: true, startedAt: new Date() }).returning();
  return row!;
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

export async function setFeaturedProduct(db: Db, streamId: string, productId: string | null) {
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

export async function insertChatMessage(db: Db | Tx, values: { streamId: string; userId: string; message: string; held?: boolean }) {
  const [row] = await db.insert(chatMessages).values(values).returning();
  return row!;
}

export async function deleteChatMessage(db: Db | Tx, id: string) {
  await db.delete(chatMessages).where(eq(chatMessages.id, id));
}

export async function findRecentMessages(db: Db, streamId: string, limit: number) {
  const recent = await db
    .select({ m: chatMessages, firstName: user.firstName, lastName: user.lastName })
    .from(chatMessages)
    .innerJoin(user, eq(user.id, chatMessages.userId))
    // Deleted and held messages are nobody's history.
    .where(and(eq(chatMessages.streamId, streamId), isNull(chatMessages.deletedAt), eq(chatMessages.held, false)))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit);
  return recent.reverse();
}
