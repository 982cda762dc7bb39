import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, NOTIFICATIONS_LIMIT, type LanguageCode, type Notification } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { resolveParams, t, type MessageParam } from '../../i18n/index.js';
import { follows } from '../sellers/tables.js';
import { notifications } from '../shopper/tables.js';

export interface NewNotification {
  userId: string;
  type: 'stream_start' | 'order_update' | 'follow' | 'promotion' | (string & {});
  /** The template in src/locales: notifications.<kind>.title and .message. */
  kind: string;
  params?: Record<string, MessageParam>;
  link?: string;
}

/** A notification's title and message in a language, from its template (or its stored English, for old rows). */
export function renderNotification(
  row: { kind: string | null; params: Record<string, MessageParam> | null; title: string; message: string },
  language: LanguageCode,
): { title: string; message: string } {
  if (!row.kind) return { title: row.title, message: row.message };
  const params = resolveParams(language, row.params ?? {});
  return { title: t(language, `notifications.${row.kind}.title`, params), message: t(language, `notifications.${row.kind}.message`, params) };
}

function storedColumns(n: Omit<NewNotification, 'userId'>) {
  const params = n.params ?? {};
  // The English text is stored too: for operators reading the table, and as a record of what was said.
  const english = renderNotification({ kind: n.kind, params, title: '', message: '' }, DEFAULT_LANGUAGE);
  return { type: n.type, kind: n.kind, params, title: english.title, message: english.message, link: n.link ?? null };
}

/**
 * Saves one notification; works inside the caller's transaction. The user's open sockets hear of it
 * only when the caller passes the user id to the UnreadPush after committing.
 */
export async function notify(db: Db | Tx, n: NewNotification) {
  await db.insert(notifications).values({ userId: n.userId, ...storedColumns(n) });
}

/** One INSERT … SELECT: every follower of the store gets the same notification. Returns who got it. */
export async function notifyFollowers(db: Db | Tx, sellerId: string, n: Omit<NewNotification, 'userId'>): Promise<string[]> {
  const stored = storedColumns(n);
  const rows = await db
    .insert(notifications)
    .select(
      db
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          userId: follows.followerId,
          type: sql<string>`${stored.type}`.as('type'),
          kind: sql<string>`${stored.kind}`.as('kind'),
          params: sql<Record<string, MessageParam>>`${JSON.stringify(stored.params)}::jsonb`.as('params'),
          title: sql<string>`${stored.title}`.as('title'),
          message: sql<string>`${stored.message}`.as('message'),
          isRead: sql<boolean>`false`.as('is_read'),
          link: sql<string | null>`${stored.link}`.as('link'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(follows)
        .where(eq(follows.sellerId, sellerId)),
    )
    .returning({ userId: notifications.userId });
  return rows.map((r) => r.userId);
}

/**
 * One INSERT … SELECT for any audience: every user id `audience` selects (one column) gets the same
 * notification, once per row it returns. Returns who got it.
 */
export async function notifySelected(db: Db | Tx, audience: SQL, n: Omit<NewNotification, 'userId'>): Promise<string[]> {
  const s = storedColumns(n);
  const result = (await db.execute(sql`
    insert into ${notifications} (user_id, type, kind, params, title, message, link)
    select audience.user_id, ${s.type}, ${s.kind}, ${JSON.stringify(s.params)}::jsonb, ${s.title}, ${s.message}, ${s.link}
    from (${audience}) as audience(user_id)
    returning user_id`)) as unknown as { rows: { user_id: string }[] };
  return result.rows.map((r) => r.user_id);
}

function toDto(row: typeof notifications.$inferSelect, language: LanguageCode): Notification {
  return {
    id: row.id,
    type: row.type,
    ...renderNotification(row, language),
    isRead: row.isRead,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's newest notifications, each in the language the reader uses now (old ones included). */
export async function listNotifications(db: Db, userId: string, language: LanguageCode): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_LIMIT);
  return rows.map((row) => toDto(row, language));
}

/** Only the owner's: anyone else's id answers 404, as if it did not exist. Marking twice is harmless. */
export async function markRead(db: Db, userId: string, id: string, language: LanguageCode): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw new HttpError(404, 'Notification not found');
  return toDto(row, language);
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
