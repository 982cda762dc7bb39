import { and, asc, count, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { sellers } from '../sellers/tables.js';
import { chatMessages, streamFeaturedEvents, streamRecordings, streamReplayViews, streams } from '../streams/tables.js';

export type RecordingRow = typeof streamRecordings.$inferSelect;

/** An ended show whose recording is there to watch (a file or an external server's URL). */
const HAS_REPLAY = and(
  eq(streams.isLive, false),
  isNotNull(streams.endedAt),
  isNull(streamRecordings.deletedAt),
  or(isNotNull(streamRecordings.fileName), isNotNull(streamRecordings.externalUrl)),
);

export async function isRecordingEnabled(db: Db, streamId: string): Promise<boolean> {
  const [row] = await db.select({ on: streams.recordingEnabled }).from(streams).where(eq(streams.id, streamId)).limit(1);
  return row?.on ?? false;
}

/** The show's recording began (a file's first frame, or the external server's URL); the first one stays. */
export async function insertStarted(db: Db, values: { streamId: string; fileName?: string; externalUrl?: string; startedAt: Date }): Promise<void> {
  await db.insert(streamRecordings).values(values).onConflictDoNothing({ target: streamRecordings.streamId });
}

export interface FinishedRecording {
  streamId: string;
  fileName: string;
  startedAt: Date;
  endedAt: Date;
  durationSeconds: number;
  bytes: number;
}

/**
 * A file was finished. A show keeps one recording: normally this very file (a reconnecting camera
 * continues it); when a show made two, the longer stays. Returns the file that is not kept, if any.
 */
export async function settleFinished(db: Db, done: FinishedRecording): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(streamRecordings).where(eq(streamRecordings.streamId, done.streamId)).for('update');
    const { streamId, ...values } = done;
    if (!row) {
      await tx.insert(streamRecordings).values(done);
      return null;
    }
    if (row.deletedAt) return done.fileName;
    if (row.fileName !== done.fileName && (row.durationSeconds ?? 0) >= done.durationSeconds) return done.fileName;
    await tx.update(streamRecordings).set({ ...values, externalUrl: null }).where(eq(streamRecordings.streamId, streamId));
    return row.fileName !== done.fileName ? row.fileName : null;
  });
}

/** The stream, its owner and its recording (deleted or not), or null for no such stream. */
export async function findReplaySource(db: Db, streamId: string) {
  const [row] = await db
    .select({ stream: streams, ownerId: sellers.userId, recording: streamRecordings })
    .from(streams)
    .innerJoin(sellers, eq(sellers.id, streams.sellerId))
    .leftJoin(streamRecordings, eq(streamRecordings.streamId, streams.id))
    .where(eq(streams.id, streamId))
    .limit(1);
  return row ?? null;
}

/** Every time a product was featured, oldest first; cleared moments and products taken off sale are left out. */
export async function findFeatured(db: Db, streamId: string) {
  return db
    .select({ at: streamFeaturedEvents.at, product: products })
    .from(streamFeaturedEvents)
    .innerJoin(products, eq(products.id, streamFeaturedEvents.productId))
    .where(and(eq(streamFeaturedEvents.streamId, streamId), eq(products.isActive, true)))
    .orderBy(asc(streamFeaturedEvents.at), asc(streamFeaturedEvents.id));
}

/** The show's chat from its start, oldest first; held and deleted lines are nobody's history. */
export async function findChat(db: Db, streamId: string, limit: number) {
  return db
    .select({ m: chatMessages, firstName: user.firstName, lastName: user.lastName, erasedAt: user.erasedAt })
    .from(chatMessages)
    .innerJoin(user, eq(user.id, chatMessages.userId))
    .where(and(eq(chatMessages.streamId, streamId), isNull(chatMessages.deletedAt), eq(chatMessages.held, false)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(limit);
}

export async function addView(db: Db, streamId: string, userId: string): Promise<void> {
  await db.insert(streamReplayViews).values({ streamId, userId }).onConflictDoNothing();
}

/** Marks the replay deleted; its row as it was, or null when there was none to delete. */
export async function markDeleted(db: Db, streamId: string): Promise<RecordingRow | null> {
  const [row] = await db
    .update(streamRecordings)
    .set({ deletedAt: new Date() })
    .where(and(eq(streamRecordings.streamId, streamId), isNull(streamRecordings.deletedAt)))
    .returning();
  return row ?? null;
}

/**
 * Claims recordings that ended before `before`: one conditional UPDATE … RETURNING, so with several
 * instances sweeping at once each recording is claimed (and its file deleted) by exactly one.
 */
export async function claimExpired(db: Db, before: Date, limit: number): Promise<{ streamId: string; fileName: string | null }[]> {
  const expired = db
    .select({ id: streamRecordings.streamId })
    .from(streamRecordings)
    .where(and(isNull(streamRecordings.deletedAt), lt(sql`coalesce(${streamRecordings.endedAt}, ${streamRecordings.startedAt})`, before)))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(streamRecordings)
    .set({ deletedAt: new Date() })
    .where(and(isNull(streamRecordings.deletedAt), inArray(streamRecordings.streamId, expired)))
    .returning({ streamId: streamRecordings.streamId, fileName: streamRecordings.fileName });
}

/** Which of these streams have a replay to watch (a store's list of shows links to them). */
export async function replayStreamIds(db: Db | Tx, streamIds: string[]): Promise<Set<string>> {
  if (streamIds.length === 0) return new Set();
  const rows = await db
    .select({ id: streams.id })
    .from(streams)
    .innerJoin(streamRecordings, eq(streamRecordings.streamId, streams.id))
    .where(and(inArray(streams.id, streamIds), HAS_REPLAY));
  return new Set(rows.map((r) => r.id));
}

/** Signed-in people who opened each stream's replay (streams without any are absent). */
export async function replayViewCounts(db: Db | Tx, streamIds: string[]): Promise<Map<string, number>> {
  if (streamIds.length === 0) return new Map();
  const rows = await db
    .select({ id: streamReplayViews.streamId, views: count() })
    .from(streamReplayViews)
    .where(inArray(streamReplayViews.streamId, streamIds))
    .groupBy(streamReplayViews.streamId);
  return new Map(rows.map((r) => [r.id, r.views]));
}

/** The stream ended and its replay is there: what buying "from the replay" needs. */
export async function hasReplay(db: Db | Tx, streamId: string): Promise<boolean> {
  return (await replayStreamIds(db, [streamId])).has(streamId);
}
