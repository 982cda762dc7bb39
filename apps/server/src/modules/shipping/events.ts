import { and, asc, eq } from 'drizzle-orm';
import type { ParcelStatus, Tracking } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import type { Deadlines } from '../../jobs/timers.js';
import { HttpError } from '../../plugins/errors.js';
import { findOrder, type ParcelMove } from '../orders/index.js';
import type { CarrierEvent } from './carrier.js';
import { createFolder } from './fold.js';
import { createInbox } from './inbox.js';
import { createSweep } from './sweep.js';
import { RANK } from './parcel-status.js';
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
  /** Issue 30: each event a carrier's webhook brought, stored the first time (the metrics time its lag). */
  onCarrierEvent?: (event: CarrierEvent) => void;
}

export type EventCounts = { stored: number; duplicate: number; unknown: number };

/**
 * A carrier's events are stored first, each once (inbox.ts: many webhooks' events a statement under a
 * burst; a webhook is answered once its events are committed, so nothing it said is lost), then folded
 * into their parcel's status (decision 041): the highest (rank, time) of all its events, so the order
 * they came in does not matter. Folding runs after the answer (fold.ts: parcels read many at a time,
 * each one that moves in a transaction of its own), once however many events a parcel got meanwhile;
 * a sweep (sweep.ts) folds any parcel left behind (a restart between the two).
 */
export function createParcelEvents(deps: EventDeps) {
  const { db, deadlines, now } = deps;
  const folder = createFolder({ db, pushUnread: deps.pushUnread, onError: deps.onError, moved });
  const { store } = createInbox(db);

  /** A parcel's status moved: its orders follow it (or its return does), and the simulated courier steps on. */
  async function moved(tx: Tx, row: ShipmentRow, to: ParcelStatus): Promise<string[]> {
    const users: string[] = [];
    if (row.kind === 'return') users.push(...(await deps.returnMoved(tx, row.id, to)));
    else {
      const move = ORDER_MOVE[to];
      if (move) for (const orderId of await ordersOfShipment(tx, row.id)) users.push(...(await deps.followParcel(tx, orderId, move)));
    }
    if (row.carrier === 'simulated') scheduleStep(tx, row, to);
    return users;
  }

  function scheduleStep(tx: Tx, row: ShipmentRow, status: ParcelStatus) {
    if (!nextSimStatus(status)) return;
    const at = now() + simWait(status, deps.simStepSeconds);
    afterCommit(tx, () => deadlines.at(SIM_STEP_JOB, `${row.id}:${status}`, { shipmentId: row.id, from: status }, at));
  }

  /** Stores the events; their parcels are folded after. */
  async function receive(events: CarrierEvent[]): Promise<EventCounts> {
    const counts: EventCounts = { stored: 0, duplicate: 0, unknown: 0 };
    const results = await Promise.all(events.map(store));
    for (const [i, { shipmentId, stored }] of results.entries()) {
      const event = events[i]!;
      if (!shipmentId) counts.unknown += 1;
      else if (!stored) counts.duplicate += 1;
      else {
        counts.stored += 1;
        deps.onCarrierEvent?.(event);
        folder.mark(shipmentId, event);
      }
    }
    folder.drain();
    return counts;
  }

  /** Our own moves, step by step, each folded before the next: the orders pass through every status. */
  async function apply(events: CarrierEvent[]): Promise<void> {
    for (const event of events) {
      const { shipmentId, stored } = await store(event);
      if (shipmentId && stored) await folder.foldNow(shipmentId, event);
    }
  }

  return {
    receive,
    apply,

    /** Resolves once every parcel with new events has been folded (tests; closing the app). */
    settled: () => folder.settled(),

    /** Folds the parcels with events no fold has seen (sweep.ts); housekeeping runs it every minute. */
    sweep: createSweep(db, folder),

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
