import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATIONS_LIMIT, type Notification } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { follows } from '../sellers/tables.js';
import { notifications } from '../shopper/tables.js';

export interface NewNotification {
  userId: string;
  type: 'stream_start' | 'order_update' | 'follow' | 'promotion' | (string & {});
  title: string;
  message: string;
  link?: string;
}

/**
 * Saves one notification; works inside the caller's transaction. The user's open sockets hear of it
 * only when the caller passes the user id to the UnreadPush after committing.
 */
export async function notify(db: Db | Tx, n: NewNotification) {
  await db.insert(notifications).values({ userId: n.userId, type: n.type, title: n.title, message: n.message, link: n.link ?? null });
}

/** One INSERT … SELECT: every follower of the store gets the same notification. Returns who got it. */
export async function notifyFollowers(db: Db | Tx, sellerId: string, n: Omit<NewNotification, 'userId'>): Promise<string[]> {
  const rows = await db
    .insert(notifications)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          userId: follows.followerId,
          type: sql<string>`${n.type}`.as('type'),
          title: sql<string>`${n.title}`.as('title'),
          message: sql<string>`${n.message}`.as('message'),
          isRead: sql<boolean>`false`.as('is_read'),
          link: sql<string | null>`${n.link ?? null}`.as('link'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(follows)
        .where(eq(follows.sellerId, sellerId)),
    )
    .returning({ userId: notifications.userId });
  return rows.map((r) => r.userId);
}

function toDto(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(db: Db, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);
  return rows.map(toDto);
}

/** Only the owner's: anyone else's id answers 404, as if it did not exist. Marking twice is harmless. */
export async function markRead(db: Db, userId: string, id: string): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw new HttpError(404, 'Notification not found');
  return toDto(row);
}

export async function markAllRead(db: Db, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

/** Unread counts of many users in one query; users with none are 0. */
export async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.isRead, false)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, row.n);
  return counts;
}
