import { eq, inArray } from 'drizzle-orm';
import type { ParcelStatus } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { supersedes, type Stamped } from './parcel-status.js';
import type { ShipmentRow } from './shipments.js';
import { shipments } from './tables.js';

/** Parcels looked at in one query. */
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
 * Folds parcels' events into their status (decision 041). A parcel's status is the maximum of its events,
 * so folding only what came since the last fold is enough: a webhook hands over the event it stored, the
 * sweep the highest of those no fold has seen. Parcels are looked at many at a time without a lock (most
 * late or repeated events move nothing, and then nothing is written); each one that moves gets a short
 * transaction of its own. A batch in one transaction held the store's ledger row across many parcels, and
 * two such batches deadlocked on it and a product's stock.
 */
export function createFolder(deps: FoldDeps) {
  const { db } = deps;
  // shipment id → the highest event stored since its last fold.
  const pending = new Map<string, Stamped>();
  let running = 0;
  const waiters: Array<() => void> = [];

  const movesTo = (row: { status: ParcelStatus; statusAt: Date | null }, top: Stamped) => supersedes(top, row.statusAt ? { status: row.status, at: row.statusAt } : null);

  /** One parcel under its row lock; its orders (or its return) follow. Returns the users to tell. */
  function foldOne(id: string, top: Stamped): Promise<string[]> {
    return db.transaction(async (tx) => {
      // NO KEY UPDATE: a webhook's INSERT of a next event (a foreign key, so KEY SHARE on this row) goes on.
      const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('no key update');
      if (!row || !movesTo(row, top)) return []; // another fold got there first
      await tx.update(shipments).set({ status: top.status, statusAt: top.at }).where(eq(shipments.id, id));
      // The same status, later (a second failed attempt): its orders followed it when it was first set.
      return !row.statusAt || top.status !== row.status ? deps.moved(tx, row, top.status) : [];
    });
  }

  async function fold(batch: Array<[string, Stamped]>): Promise<void> {
    const given = new Map(batch);
    const now = await db.select({ id: shipments.id, status: shipments.status, statusAt: shipments.statusAt }).from(shipments).where(inArray(shipments.id, [...given.keys()]));
    const tell: string[] = [];
    for (const row of now) {
      const top = given.get(row.id)!;
      if (!movesTo(row, top)) continue;
      // Once more on a failure (a deadlock with another instance); then it is left to the sweep.
      const users = await foldOne(row.id, top).catch(() => foldOne(row.id, top)).catch((err: unknown) => {
        deps.onError(err);
        return [];
      });
      tell.push(...users);
    }
    if (tell.length) await deps.pushUnread([...new Set(tell)]);
  }

  function drain() {
    while (running < FOLDERS && pending.size) {
      const batch: Array<[string, Stamped]> = [];
      for (const entry of pending) {
        batch.push(entry);
        if (batch.length === BATCH) break;
      }
      for (const [id] of batch) pending.delete(id);
      running += 1;
      fold(batch)
        .catch(deps.onError) // the parcels' events stay newer than their fold: the sweep finds them
        .finally(() => {
          running -= 1;
          if (!running && !pending.size) for (const w of waiters.splice(0)) w();
          else drain();
        });
    }
  }

  return {
    /** A parcel has a new event; folded soon, after the caller's answer. */
    mark(shipmentId: string, event: Stamped) {
      const had = pending.get(shipmentId);
      if (!had || supersedes(event, had)) pending.set(shipmentId, event);
    },
    drain,
    /** Folds this parcel now, in this call (our own moves, each folded before the next); throws on failure. */
    async foldNow(shipmentId: string, event: Stamped): Promise<void> {
      const tell = await foldOne(shipmentId, event);
      if (tell.length) await deps.pushUnread([...new Set(tell)]);
    },
    /** Resolves once every marked parcel has been folded. */
    settled(): Promise<void> {
      if (!running && !pending.size) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

export type Folder = ReturnType<typeof createFolder>;
