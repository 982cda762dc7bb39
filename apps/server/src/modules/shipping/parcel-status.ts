import type { ParcelStatus } from '@live-market/contract';

// A parcel's status is the event of highest rank, the latest among equal ranks, so events may come
// duplicated, late or out of order and the parcel ends up in the same place. A failed attempt and the
// next day's "out for delivery" share a rank: whichever happened later is where the parcel is.
export const RANK: Record<ParcelStatus, number> = {
  pickup_scheduled: 0,
  picked_up: 1,
  in_transit: 2,
  out_for_delivery: 3,
  delivery_failed: 3,
  rto_initiated: 4,
  delivered: 5,
  returned_to_origin: 6,
};

export interface Stamped {
  status: ParcelStatus;
  at: Date;
}

/**
 * Whether `b` moves a parcel that is at `a`: a total order on (rank, time, status), so the maximum is the
 * same in any order, and folding new events into the last maximum equals folding them all.
 */
export function supersedes(b: Stamped, a: Stamped | null): boolean {
  if (!a) return true;
  if (RANK[b.status] !== RANK[a.status]) return RANK[b.status] > RANK[a.status];
  if (b.at.getTime() !== a.at.getTime()) return b.at.getTime() > a.at.getTime();
  return b.status > a.status; // two statuses of one rank at one moment: either, but always the same one
}

export function currentOf(events: Stamped[]): Stamped | null {
  let current: Stamped | null = null;
  for (const e of events) if (supersedes(e, current)) current = e;
  return current;
}

/** The statuses a simulated parcel passes through, in order. */
export const SIM_PATH: ParcelStatus[] = ['pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];
