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

/** Whether `b` moves a parcel that is at `a`: a total order on (rank, time), so the maximum is the same in any order. */
export function supersedes(b: Stamped, a: Stamped | null): boolean {
  if (!a) return true;
  return RANK[b.status] > RANK[a.status] || (RANK[b.status] === RANK[a.status] && b.at.getTime() > a.at.getTime());
}

export function currentOf(events: Stamped[]): Stamped | null {
  let current: Stamped | null = null;
  for (const e of events) if (supersedes(e, current)) current = e;
  return current;
}

/** The statuses a simulated parcel passes through, in order. */
export const SIM_PATH: ParcelStatus[] = ['pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];
