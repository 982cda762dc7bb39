import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { Folder } from './fold.js';
import { RANK } from './parcel-status.js';
import { shipmentEvents, shipments } from './tables.js';

const PAGE = 1000;
/** Longer than any insert takes between its start (an event's created_at) and its commit. */
const MARGIN = sql`interval '2 minutes'`;
/** The first sweep after a start: an event stored but not folded was stored just before a stop. */
const FIRST = sql`interval '1 day'`;

const rankOf = (status: AnyPgColumn): SQL =>
  sql`(case ${status} ${sql.join(
    Object.entries(RANK).map(([name, r]) => sql`when ${name} then ${r}::int`),
    sql` `,
  )} end)`;

/**
 * Events no fold has seen: a restart came between storing an event and folding it, or its fold failed
 * twice. An event was folded exactly when it no longer moves its parcel, so the sweep asks PostgreSQL for
 * the events that still would — ordered as `supersedes` orders them, highest first, one per parcel — and
 * hands those to the folder. It reads the events stored since the previous sweep (by the database's
 * clock, less a margin for an insert that committed after the sweep began), a day's on the first.
 */
export function createSweep(db: Db, folder: Folder) {
  let since: SQL = sql`now() - ${FIRST}`;
  const event = sql`(${rankOf(shipmentEvents.status)}, ${shipmentEvents.at}, ${shipmentEvents.status} collate "C")`;
  const current = sql`(${rankOf(shipments.status)}, ${shipments.statusAt}, ${shipments.status} collate "C")`;

  return async function sweep(): Promise<number> {
    const { rows } = (await db.execute(sql`select now() - ${MARGIN} as next`)) as unknown as { rows: { next: Date | string }[] };
    let after = '00000000-0000-0000-0000-000000000000';
    let found = 0;
    for (;;) {
      const due = await db
        .selectDistinctOn([shipmentEvents.shipmentId], { id: shipmentEvents.shipmentId, status: shipmentEvents.status, at: shipmentEvents.at })
        .from(shipmentEvents)
        .innerJoin(shipments, eq(shipmentEvents.shipmentId, shipments.id))
        .where(and(gt(shipmentEvents.createdAt, since), gt(shipmentEvents.shipmentId, after), sql`(${shipments.statusAt} is null or ${event} > ${current})`))
        .orderBy(asc(shipmentEvents.shipmentId), desc(rankOf(shipmentEvents.status)), desc(shipmentEvents.at), desc(sql`${shipmentEvents.status} collate "C"`))
        .limit(PAGE);
      for (const e of due) folder.mark(e.id, { status: e.status, at: e.at });
      folder.drain();
      found += due.length;
      if (due.length < PAGE) break;
      after = due.at(-1)!.id;
    }
    since = sql`${new Date(rows[0]!.next).toISOString()}::timestamptz`;
    return found;
  };
}
