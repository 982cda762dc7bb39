import { and, eq, gt, isNull, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { follows, sellers } from '../sellers/tables.js';
import { notifications } from '../shopper/tables.js';
import { streamReminders, streams } from '../streams/tables.js';

export interface Show {
  id: string;
  title: string;
  sellerId: string;
  sellerUserId: string;
  storeName: string;
  isLive: boolean;
  scheduledFor: Date | null;
  startedAt: Date | null;
  endedAt: Date | null;
  createdAt: Date;
}

/** Announced and not started, ended or cancelled (a cancelled show's row is gone). */
export const isUpcoming = (s: Pick<Show, 'scheduledFor' | 'startedAt' | 'endedAt' | 'isLive'>) =>
  s.scheduledFor !== null && s.startedAt === null && s.endedAt === null && !s.isLive;

/** With `lock`, the show's row is held shared to the end of the transaction (a start waits, or is waited for). */
export async function findShow(db: Db | Tx, id: string, opts: { lock?: boolean } = {}): Promise<Show | null> {
  const query = db
    .select({
      id: streams.id,
      title: streams.title,
      sellerId: streams.sellerId,
      sellerUserId: sellers.userId,
      storeName: sellers.storeName,
      isLive: streams.isLive,
      scheduledFor: streams.scheduledFor,
      startedAt: streams.startedAt,
      endedAt: streams.endedAt,
      createdAt: streams.createdAt,
    })
    .from(streams)
    .innerJoin(sellers, eq(sellers.id, streams.sellerId))
    .where(eq(streams.id, id))
    .$dynamic();
  const [row] = opts.lock ? await query.for('share', { of: streams }) : await query;
  return row ?? null;
}

/** Shows still to come, for re-queueing their reminders when the queue starts. */
export async function upcomingShows(db: Db, after: Date): Promise<Array<Pick<Show, 'id' | 'scheduledFor' | 'createdAt'>>> {
  return db
    .select({ id: streams.id, scheduledFor: streams.scheduledFor, createdAt: streams.createdAt })
    .from(streams)
    .where(and(isNotNull(streams.scheduledFor), gt(streams.scheduledFor, after), isNull(streams.startedAt), isNull(streams.endedAt), eq(streams.isLive, false)));
}

export async function addReminder(db: Db, streamId: string, userId: string): Promise<void> {
  await db.insert(streamReminders).values({ streamId, userId }).onConflictDoNothing();
}

export async function removeReminder(db: Db, streamId: string, userId: string): Promise<void> {
  await db.delete(streamReminders).where(and(eq(streamReminders.streamId, streamId), eq(streamReminders.userId, userId)));
}

/** Serialises two runs of the same reminder (a duplicate job) for the rest of the transaction. */
export async function lockReminder(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reminder:${key}`}, 0))`);
}

// Audiences for notifySelected: one user id column each.

/** Followers of the store and people reminded of the show, each once, never the seller. */
export const liveAudience = (streamId: string, sellerId: string) => sql`
  select ${follows.followerId} from ${follows} where ${follows.sellerId} = ${sellerId}
  union
  select ${streamReminders.userId} from ${streamReminders} where ${streamReminders.streamId} = ${streamId}
  except
  select ${sellers.userId} from ${sellers} where ${sellers.id} = ${sellerId}`;

/** People reminded of the show. */
export const remindedAudience = (streamId: string) => sql`
  select ${streamReminders.userId} from ${streamReminders} where ${streamReminders.streamId} = ${streamId}`;

/**
 * People reminded of the show who have not had this reminder (lead `minutes`, start `at`): the record
 * that a reminder went out is the notification itself.
 */
export const dueAudience = (streamId: string, link: string, at: string, minutes: number) => sql`
  select r.user_id from ${streamReminders} r
  where r.stream_id = ${streamId}
    and not exists (
      select 1 from ${notifications} n
      where n.user_id = r.user_id and n.kind = 'stream_reminder' and n.link = ${link}
        and n.params->>'at' = ${at} and n.params->>'minutes' = ${String(minutes)})`;
