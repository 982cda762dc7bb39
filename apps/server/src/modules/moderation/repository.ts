import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import { user } from '../auth/tables.js';
import { follows, sellers } from '../sellers/tables.js';
import { chatMessages, streams } from '../streams/tables.js';
import { messageReports, moderationLog, sellerChatKeywords, storeBans, storeModerators } from './tables.js';
import type { ChatRole, ModerationAction } from '@live-market/contract';

type Q = Db | Tx;

const activeBan = (sellerId: string, userId: string) =>
  and(eq(storeBans.sellerId, sellerId), eq(storeBans.userId, userId), or(isNull(storeBans.until), gt(storeBans.until, sql`now()`)));

/**
 * Bans and the chat messages they stop take one lock per (store, user): a chat message holds it shared
 * from its ban check to its broadcast, a ban holds it exclusively. Once a ban is acknowledged no
 * message checked before it can still go out.
 */
export async function lockMember(tx: Tx, sellerId: string, userId: string, mode: 'shared' | 'exclusive') {
  const key = sql`hashtextextended(${`${sellerId}:${userId}`}, 0)`;
  if (mode === 'shared') await tx.execute(sql`select pg_advisory_xact_lock_shared(${key})`);
  else await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}

export async function findSeller(db: Q, sellerId: string) {
  const [row] = await db.select({ id: sellers.id, userId: sellers.userId, storeName: sellers.storeName }).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  return row ?? null;
}

export async function findSellerOfUser(db: Q, userId: string) {
  const [row] = await db.select({ id: sellers.id, userId: sellers.userId }).from(sellers).where(eq(sellers.userId, userId)).limit(1);
  return row ?? null;
}

export async function findStream(db: Q, streamId: string) {
  const [row] = await db.select({ id: streams.id, sellerId: streams.sellerId }).from(streams).where(eq(streams.id, streamId)).limit(1);
  return row ?? null;
}

export async function isModerator(db: Q, sellerId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ u: storeModerators.userId })
    .from(storeModerators)
    .where(and(eq(storeModerators.sellerId, sellerId), eq(storeModerators.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The user's part in the store's chat: its owner, one of its moderators, or a viewer. */
export async function chatRole(db: Q, seller: { id: string; userId: string }, userId: string): Promise<ChatRole> {
  if (seller.userId === userId) return 'owner';
  return (await isModerator(db, seller.id, userId)) ? 'moderator' : 'viewer';
}

export async function findUser(db: Q, where: { id: string }) {
  const [row] = await db.select({ id: user.id, firstName: user.firstName, lastName: user.lastName }).from(user).where(eq(user.id, where.id)).limit(1);
  return row ?? null;
}

export async function listModerators(db: Q, sellerId: string) {
  return db
    .select({ userId: storeModerators.userId, createdAt: storeModerators.createdAt, firstName: user.firstName, lastName: user.lastName, phone: user.phoneNumber })
    .from(storeModerators)
    .innerJoin(user, eq(user.id, storeModerators.userId))
    .where(eq(storeModerators.sellerId, sellerId))
    .orderBy(desc(storeModerators.createdAt));
}

export async function addModerator(db: Q, sellerId: string, userId: string): Promise<boolean> {
  const rows = await db.insert(storeModerators).values({ sellerId, userId }).onConflictDoNothing().returning({ u: storeModerators.userId });
  return rows.length > 0;
}

export async function removeModerator(db: Q, sellerId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(storeModerators)
    .where(and(eq(storeModerators.sellerId, sellerId), eq(storeModerators.userId, userId)))
    .returning({ u: storeModerators.userId });
  return rows.length > 0;
}

/** The user's active ban or timeout in the store, if any. */
export async function findActiveBan(db: Q, sellerId: string, userId: string) {
  const [row] = await db.select({ until: storeBans.until, createdBy: storeBans.createdBy }).from(storeBans).where(activeBan(sellerId, userId)).limit(1);
  return row ?? null;
}

/** A store's active bans (user → until, null for good): few, read at once for a crowd's checks. */
export async function findActiveBans(db: Q, sellerId: string) {
  return db.select({ userId: storeBans.userId, until: storeBans.until }).from(storeBans).where(and(eq(storeBans.sellerId, sellerId), or(isNull(storeBans.until), gt(storeBans.until, sql`now()`))));
}

export async function upsertBan(db: Q, values: { sellerId: string; userId: string; until: Date | null; createdBy: string }) {
  await db
    .insert(storeBans)
    .values(values)
    .onConflictDoUpdate({
      target: [storeBans.sellerId, storeBans.userId],
      set: { until: values.until, createdBy: values.createdBy, createdAt: sql`now()` },
    });
}

export async function deleteBan(db: Q, sellerId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(storeBans)
    .where(and(eq(storeBans.sellerId, sellerId), eq(storeBans.userId, userId)))
    .returning({ u: storeBans.userId });
  return rows.length > 0;
}

const byUser = alias(user, 'by_user');
const targetUser = alias(user, 'target_user');

export async function listActiveBans(db: Q, sellerId: string) {
  return db
    .select({
      userId: storeBans.userId,
      until: storeBans.until,
      createdAt: storeBans.createdAt,
      createdBy: storeBans.createdBy,
      who: { firstName: user.firstName, lastName: user.lastName },
      by: { firstName: byUser.firstName, lastName: byUser.lastName },
    })
    .from(storeBans)
    .innerJoin(user, eq(user.id, storeBans.userId))
    .innerJoin(byUser, eq(byUser.id, storeBans.createdBy))
    .where(and(eq(storeBans.sellerId, sellerId), or(isNull(storeBans.until), gt(storeBans.until, sql`now()`))))
    .orderBy(desc(storeBans.createdAt))
    .limit(500);
}

export async function isFollower(db: Q, sellerId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.sellerId, sellerId), eq(follows.followerId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function findMessage(db: Q, messageId: string) {
  const [row] = await db
    .select({ message: chatMessages, sellerId: streams.sellerId })
    .from(chatMessages)
    .innerJoin(streams, eq(streams.id, chatMessages.streamId))
    .where(eq(chatMessages.id, messageId))
    .limit(1);
  return row ?? null;
}

export async function markDeleted(db: Q, messageId: string): Promise<boolean> {
  const rows = await db
    .update(chatMessages)
    .set({ deletedAt: new Date() })
    .where(and(eq(chatMessages.id, messageId), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  return rows.length > 0;
}

export async function addReport(db: Q, messageId: string, reporterId: string) {
  await db.insert(messageReports).values({ messageId, reporterId }).onConflictDoNothing();
}

export async function reportedMessages(db: Q, streamId: string) {
  const reports = count(messageReports.reporterId);
  return db
    .select({ m: chatMessages, firstName: user.firstName, lastName: user.lastName, reports })
    .from(messageReports)
    .innerJoin(chatMessages, eq(chatMessages.id, messageReports.messageId))
    .innerJoin(user, eq(user.id, chatMessages.userId))
    .where(and(eq(chatMessages.streamId, streamId), isNull(chatMessages.deletedAt)))
    .groupBy(chatMessages.id, user.id)
    .orderBy(desc(reports), desc(chatMessages.createdAt))
    .limit(100);
}

export async function setChatSettings(db: Q, streamId: string, values: Partial<{ slowModeSeconds: number; followersOnly: boolean; linksAllowed: boolean }>) {
  const [row] = await db
    .update(streams)
    .set(values)
    .where(eq(streams.id, streamId))
    .returning({ slowModeSeconds: streams.slowModeSeconds, followersOnly: streams.followersOnly, linksAllowed: streams.linksAllowed });
  return row!;
}

export async function findKeywords(db: Q, sellerId: string) {
  const [row] = await db.select().from(sellerChatKeywords).where(eq(sellerChatKeywords.sellerId, sellerId)).limit(1);
  return row ?? null;
}

export async function saveKeywords(db: Q, sellerId: string, words: string[]) {
  const [row] = await db
    .insert(sellerChatKeywords)
    .values({ sellerId, words })
    .onConflictDoUpdate({ target: sellerChatKeywords.sellerId, set: { words, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function log(
  db: Q,
  entry: { sellerId: string; actorId: string; targetUserId?: string | null; action: ModerationAction; detail?: string | null },
) {
  await db.insert(moderationLog).values({ ...entry, targetUserId: entry.targetUserId ?? null, detail: entry.detail ?? null });
}

export async function readLog(db: Q, sellerId: string, limit = 200) {
  return db
    .select({
      id: moderationLog.id,
      action: moderationLog.action,
      detail: moderationLog.detail,
      createdAt: moderationLog.createdAt,
      actor: { firstName: user.firstName, lastName: user.lastName },
      target: { id: targetUser.id, firstName: targetUser.firstName, lastName: targetUser.lastName },
    })
    .from(moderationLog)
    .innerJoin(user, eq(user.id, moderationLog.actorId))
    .leftJoin(targetUser, eq(targetUser.id, moderationLog.targetUserId))
    .where(eq(moderationLog.sellerId, sellerId))
    .orderBy(desc(moderationLog.createdAt))
    .limit(limit);
}

export interface Standing {
  /** Banned until lifted. */
  banned: boolean;
  /** Seconds left of a timeout; null when not timed out. */
  timeoutSeconds: number | null;
  moderator: boolean;
  follower: boolean;
  /** Issue 28: an operator suspended the account; a socket still open says nothing more. */
  suspended: boolean;
}

/** Everything the chat gate needs to know about a user in a store, in one round trip. */
export async function standing(db: Q, sellerId: string, userId: string): Promise<Standing> {
  const result = (await db.execute(sql`
    select
      exists(select 1 from ${storeBans} b where b.seller_id = ${sellerId} and b.user_id = ${userId} and b.until is null) as banned,
      (select ceil(extract(epoch from (b.until - now())))::int from ${storeBans} b
        where b.seller_id = ${sellerId} and b.user_id = ${userId} and b.until > now()) as timeout_seconds,
      exists(select 1 from ${storeModerators} m where m.seller_id = ${sellerId} and m.user_id = ${userId}) as moderator,
      exists(select 1 from ${follows} f where f.seller_id = ${sellerId} and f.follower_id = ${userId}) as follower,
      exists(select 1 from ${user} u where u.id = ${userId} and u.suspended_at is not null) as suspended`)) as unknown as {
    rows: { banned: boolean; timeout_seconds: number | null; moderator: boolean; follower: boolean; suspended: boolean }[];
  };
  const row = result.rows[0]!;
  return { banned: row.banned, timeoutSeconds: row.timeout_seconds === null ? null : Math.max(1, row.timeout_seconds), moderator: row.moderator, follower: row.follower, suspended: row.suspended };
}
