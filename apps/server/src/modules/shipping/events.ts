import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { ParcelStatus, Tracking } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import type { Deadlines } from '../../jobs/timers.js';
import { HttpError } from '../../plugins/errors.js';
import { findOrder, type ParcelMove } from '../orders/index.js';
import type { CarrierEvent } from './carrier.js';
import { currentOf, RANK } from './parcel-status.js';
import { ordersOfShipment, shipmentOfOrder, type ShipmentRow } from './shipments.js';
import { nextSimStatus, pathTo, simLocation, simWait } from './sim.js';
import { shipmentEvents, shipments } from './tables.js';

export const SIM_STEP_JOB = 'shipping-sim-step';

/** What a forward parcel's status means for the orders in it. */
const ORDER_MOVE: Partial<Record<ParcelStatus, ParcelMove>> = {
  picked_up: 'shipped',
  in_transit: 'shipped',
  out_for_delivery: 'out_for_delivery',
  delivery_failed: 'delivery_failed',
  rto_initiated: 'delivery_failed',
  delivered: 'delivered',
  returned_to_origin: 'returned_to_origin',
};

/** Parcels folded at once: enough to keep up with a burst, few enough to leave connections for the rest. */
const RECONCILERS = 2;

export interface EventDeps {
  db: Db;
  deadlines: Deadlines;
  /** An order follows its parcel (orders' status service). Returns the users to tell. */
  followParcel: (tx: Tx, orderId: string, to: ParcelMove) => Promise<string[]>;
  /** A return's reverse-pickup parcel moved (the returns module). Returns the users to tell. */
  returnMoved: (tx: Tx, shipmentId: string, status: ParcelStatus) => Promise<string[]>;
  pushUnread: (userIds: string[]) => Promise<void>;
  simStepSeconds: number;
  production: boolean;
  now: () => number;
  onError: (err: unknown) => void;
}

export type EventCounts = { stored: number; duplicate: number; unknown: number };

/**
 * A carrier's events are stored first, each once (one INSERT, so a webhook is answered at once and
 * nothing it said is lost), then folded into their parcel's status (decision 041): the highest
 * (rank, time) of all its events, so the order they came in does not matter. Folding runs after the
 * answer, a few parcels at a time, once however many events a parcel got meanwhile; a sweep folds
 * any parcel left behind (a restart between the two).
 */
export function createParcelEvents(deps: EventDeps) {
  const { db, deadlines, now } = deps;
  const dirty = new Set<string>();
  let running = 0;
  const waiters: Array<() => void> = [];

  async function store(event: CarrierEvent): Promise<{ shipmentId: string | null; stored: boolean }> {
    const result = (await db.execute(sql`
      with s as (select id from ${shipments} where awb = ${event.awb}),
      ins as (
        insert into ${shipmentEvents} (shipment_id, status, at, location)
        select id, ${event.status}, ${event.at.toISOString()}::timestamptz, ${event.location.slice(0, 120)} from s
        on conflict do nothing returning shipment_id
      )
      select (select id from s) as shipment_id, (select count(*) from ins)::int as stored`)) as unknown as { rows: { shipment_id: string | null; stored: number }[] };
    const row = result.rows[0];
    return { shipmentId: row?.shipment_id ?? null, stored: (row?.stored ?? 0) > 0 };
  }

  /** Folds a parcel's events into its status under its row lock; the orders (or the return) follow. */
  async function reconcile(shipmentId: string): Promise<void> {
    const tell = await db.transaction(async (tx) => {
      // NO KEY UPDATE: a webhook's INSERT of this parcel's next event (a foreign key, so KEY SHARE on this
      // row) goes on while we fold; FOR UPDATE made it wait for the whole fold (the bench's p99 tail).
      const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('no key update');
      if (!row) return [];
      const events = await tx.select({ status: shipmentEvents.status, at: shipmentEvents.at }).from(shipmentEvents).where(eq(shipmentEvents.shipmentId, shipmentId));
      const top = currentOf(events);
      const users: string[] = [];
      const moved = top && (top.status !== row.status || top.at.getTime() !== row.statusAt?.getTime());
      await tx
        .update(shipments)
        .set({ reconciledAt: new Date(), ...(moved ? { status: top.status, statusAt: top.at } : {}) })
        .where(eq(shipments.id, shipmentId));
      if (!moved) return users;
      if (row.kind === 'return') users.push(...(await deps.returnMoved(tx, row.id, top.status)));
      else {
        const move = ORDER_MOVE[top.status];
        if (move) for (const orderId of await ordersOfShipment(tx, row.id)) users.push(...(await deps.followParcel(tx, orderId, move)));
      }
      if (row.carrier === 'simulated' && top.status !== row.status) scheduleStep(tx, row, top.status);
      return users;
    });
    if (tell.length) await deps.pushUnread([...new Set(tell)]);
  }

  function scheduleStep(tx: Tx, row: ShipmentRow, status: ParcelStatus) {
    if (!nextSimStatus(status)) return;
    const at = now() + simWait(status, deps.simStepSeconds);
    afterCommit(tx, () => deadlines.at(SIM_STEP_JOB, `${row.id}:${status}`, { shipmentId: row.id, from: status }, at));
  }

  function drain() {
    while (running < RECONCILERS && dirty.size) {
      const id = dirty.values().next().value as string;
      dirty.delete(id);
      running += 1;
      reconcile(id)
        .catch((err) => {
          deps.onError(err);
          dirty.add(id); // tried again by the next drain or the sweep
        })
        .finally(() => {
          running -= 1;
          if (!running && !dirty.size) for (const w of waiters.splice(0)) w();
          else drain();
        });
    }
  }

  /** Stores the events; their parcels are folded after. */
  async function receive(events: CarrierEvent[]): Promise<EventCounts> {
    const counts: EventCounts = { stored: 0, duplicate: 0, unknown: 0 };
    for (const event of events) {
      const { shipmentId, stored } = await store(event);
      if (!shipmentId) counts.unknown += 1;
      else if (!stored) counts.duplicate += 1;
      else {
        counts.stored += 1;
        dirty.add(shipmentId);
      }
    }
    drain();
    return counts;
  }

  /** Our own moves, step by step, each folded before the next: the orders pass through every status. */
  async function apply(events: CarrierEvent[]): Promise<void> {
    for (const event of events) {
      const { shipmentId, stored } = await store(event);
      if (shipmentId && stored) await reconcile(shipmentId);
    }
  }

  return {
    receive,
    apply,

    /** Resolves once every parcel with new events has been folded (tests; closing the app). */
    settled(): Promise<void> {
      if (!running && !dirty.size) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },

    /** Parcels with events newer than their last fold: a restart came between storing and folding. */
    async sweep(): Promise<number> {
      const due = await db
        .selectDistinct({ id: shipments.id })
        .from(shipments)
        .innerJoin(shipmentEvents, eq(shipmentEvents.shipmentId, shipments.id))
        .where(or(isNull(shipments.reconciledAt), gt(shipmentEvents.createdAt, shipments.reconciledAt)))
        .limit(1000);
      for (const { id } of due) dirty.add(id);
      drain();
      return due.length;
    },

    /** A parcel the carrier has just booked: its first event, and the simulated courier's first step. */
    async booked(row: ShipmentRow): Promise<void> {
      await apply([{ awb: row.awb!, status: 'pickup_scheduled', location: row.fromAddress.city, at: row.bookedAt ?? new Date(now()) }]);
    },

    /** The simulated courier moves a parcel one step, unless it has moved on since the step was set. */
    async simStep({ shipmentId, from, to }: { shipmentId: string; from: ParcelStatus; to?: ParcelStatus }): Promise<void> {
      const [row] = await db.select().from(shipments).where(and(eq(shipments.id, shipmentId), eq(shipments.carrier, 'simulated')));
      if (!row?.awb || row.status !== from) return;
      const next = to ?? nextSimStatus(from);
      if (next) await apply([{ awb: row.awb, status: next, location: simLocation(row, next), at: new Date(Math.max(now(), (row.statusAt?.getTime() ?? 0) + 1)) }]);
    },

    /** Development: POST /api/shipping/sim/{awb}/advance moves a simulated parcel at once, through each step between. */
    async simAdvance(awb: string, to: ParcelStatus): Promise<void> {
      if (deps.production) throw new HttpError(404, 'Not found');
      const [row] = await db.select().from(shipments).where(eq(shipments.awb, awb));
      if (!row || row.carrier !== 'simulated') throw new HttpError(404, 'No simulated parcel has this AWB');
      const steps = pathTo(row.status, to);
      if (!steps.length) throw new HttpError(409, 'This parcel is already past that');
      const start = Math.max(now(), (row.statusAt?.getTime() ?? 0) + 1);
      await apply(steps.map((status, i) => ({ awb, status, location: simLocation(row, status), at: new Date(start + i) })));
    },

    /** GET /api/orders/{id}/tracking: the buyer's or the store's. */
    async tracking(userId: string, orderId: string): Promise<Tracking> {
      const found = await findOrder(db, orderId);
      if (!found || (found.ownerId !== userId && found.order.userId !== userId)) throw new HttpError(404, 'Order not found');
      const row = await shipmentOfOrder(db, orderId);
      if (!row?.awb) throw new HttpError(404, 'This order has not been shipped yet');
      return trackingOf(db, row);
    },
  };
}

export async function trackingOf(db: Db, row: ShipmentRow): Promise<Tracking> {
  const events = await db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, row.id)).orderBy(asc(shipmentEvents.at), asc(shipmentEvents.createdAt));
  return {
    awb: row.awb!,
    carrier: row.courierName ?? row.carrier,
    trackingUrl: row.trackingUrl ?? '',
    status: row.status,
    etaDate: RANK[row.status] >= RANK.delivered ? null : row.etaDate,
    events: events.map((e) => ({ status: e.status, location: e.location, at: e.at.toISOString() })),
  };
}

export type ParcelEvents = ReturnType<typeof createParcelEvents>;
