import { asc, eq, inArray } from 'drizzle-orm';
import type { ParcelStatus } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { currentOf, supersedes, type Stamped } from './parcel-status.js';
import type { ShipmentRow } from './shipments.js';
import { shipmentEvents, shipments } from './tables.js';

/** Parcels folded in one transaction: one lock and one update for all of them. */
const BATCH = 64;
/** Folds at once: enough to keep up with a burst, few enough to leave connections for the rest. */
const FOLDERS = 2;

export interface FoldDeps {
  db: Db;
  /** A parcel's status moved: its orders (or its return) follow. Returns the users to tell. */
  moved: (tx: Tx, row: ShipmentRow, to: ParcelStatus) => Promise<string[]>;
  pushUnread: (userIds: string[]) => Promise<void>;
  onError: (err: unknown) => void;
}

/**
 * Folds parcels' events into their status (decision 041), many parcels a transaction. A parcel's status
 * is the maximum of its events, so folding only what came since the last fold is enough: a webhook hands
 * over the event it stored. A parcel whose new events are not known here (the sweep after a restart) is
 * folded from all of them.
 */
export function createFolder(deps: FoldDeps) {
  const { db } = deps;
  // shipment id → the highest event stored since its last fold; null: fold it from all its events.
  const pending = new Map<string, Stamped | null>();
  // A batch that failed is tried again a parcel at a time, so one bad parcel holds up no other.
  const alone = new Map<string, Stamped | null>();
  let running = 0;
  const waiters: Array<() => void> = [];

  function mark(into: Map<string, Stamped | null>, id: string, event: Stamped | null) {
    if (!into.has(id)) into.set(id, event);
    else {
      const had = into.get(id)!;
      if (had !== null && (event === null || supersedes(event, had))) into.set(id, event);
    }
  }

  function take(from: Map<string, Stamped | null>, n: number): Array<[string, Stamped | null]> {
    const batch: Array<[string, Stamped | null]> = [];
    for (const entry of from) {
      batch.push(entry);
      if (batch.length === n) break;
    }
    for (const [id] of batch) from.delete(id);
    return batch;
  }

  async function fold(batch: Array<[string, Stamped | null]>): Promise<void> {
    const ids = batch.map(([id]) => id);
    const given = new Map(batch);
    const full = ids.filter((id) => given.get(id) === null);
    // Events only ever add up, so a candidate read before the lock is still one after it.
    const fromEvents = full.length ? await topsOf(db, full) : new Map<string, Stamped>();
    const candidate = (id: string) => given.get(id) ?? fromEvents.get(id) ?? null;
    const moves = (row: { id: string; status: ParcelStatus; statusAt: Date | null }) => {
      const top = candidate(row.id);
      return top && supersedes(top, row.statusAt ? { status: row.status, at: row.statusAt } : null) ? top : null;
    };
    // Without a lock first: most late or repeated events move nothing, and then nothing is written.
    const now = await db.select({ id: shipments.id, status: shipments.status, statusAt: shipments.statusAt }).from(shipments).where(inArray(shipments.id, ids));
    const moving = now.filter((row) => moves(row)).map((row) => row.id).sort();
    if (!moving.length) return;
    const tell = await db.transaction(async (tx) => {
      // NO KEY UPDATE: a webhook's INSERT of a next event (a foreign key, so KEY SHARE on the parcel's row)
      // goes on while we fold. In id order, so two instances folding the same parcels never deadlock.
      const rows = await tx.select().from(shipments).where(inArray(shipments.id, moving)).orderBy(asc(shipments.id)).for('no key update');
      const users: string[] = [];
      for (const row of rows) {
        const top = moves(row); // again under the lock: another fold may have moved it further
        if (!top) continue;
        // reconciled_at moves only with the status: an event that moved nothing is looked at again by the
        // sweeps of the next minutes (a no-op), and a thousand events a second write a few rows, not each.
        await tx.update(shipments).set({ status: top.status, statusAt: top.at, reconciledAt: new Date() }).where(eq(shipments.id, row.id));
        // The same status, later (a second failed attempt): its orders followed it when it was first set.
        if (!row.statusAt || top.status !== row.status) users.push(...(await deps.moved(tx, row, top.status)));
      }
      return users;
    });
    if (tell.length) await deps.pushUnread([...new Set(tell)]);
  }

  function drain() {
    while (running < FOLDERS && (alone.size || pending.size)) {
      const single = alone.size > 0;
      const batch = single ? take(alone, 1) : take(pending, BATCH);
      running += 1;
      fold(batch)
        .catch((err) => {
          // One parcel that fails by itself is left to the sweep (its events stay newer than its fold).
          if (single) deps.onError(err);
          else for (const [id, event] of batch) mark(alone, id, event);
        })
        .finally(() => {
          running -= 1;
          if (!running && !pending.size && !alone.size) for (const w of waiters.splice(0)) w();
          else drain();
        });
    }
  }

  return {
    /** A parcel has a new event (null: fold it from all its events); folded soon, after the caller's answer. */
    mark(shipmentId: string, event: Stamped | null) {
      mark(pending, shipmentId, event);
    },
    drain,
    /** Folds these parcels now, in this call (our own moves, each folded before the next). */
    foldNow: (shipmentId: string, event: Stamped) => fold([[shipmentId, event]]),
    /** Resolves once every marked parcel has been folded. */
    settled(): Promise<void> {
      if (!running && !pending.size && !alone.size) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

async function topsOf(db: Db, ids: string[]): Promise<Map<string, Stamped>> {
  const events = await db.select({ shipmentId: shipmentEvents.shipmentId, status: shipmentEvents.status, at: shipmentEvents.at }).from(shipmentEvents).where(inArray(shipmentEvents.shipmentId, ids));
  const byParcel = new Map<string, Stamped[]>();
  for (const e of events) {
    const list = byParcel.get(e.shipmentId);
    if (list) list.push(e);
    else byParcel.set(e.shipmentId, [e]);
  }
  return new Map([...byParcel].map(([id, list]) => [id, currentOf(list)!]));
}

export type Folder = ReturnType<typeof createFolder>;
