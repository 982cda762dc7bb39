import type { ParcelStatus } from '@live-market/contract';
import { RANK, SIM_PATH } from './parcel-status.js';
import type { ShipmentRow } from './shipments.js';

// The simulated courier's itinerary: which status comes next, and where it is reported from.

export function nextSimStatus(status: ParcelStatus): ParcelStatus | null {
  // Nobody asked for another attempt in time: the parcel goes back (the buyer's "Try again tomorrow"
  // schedules its out-for-delivery instead, see redelivery.ts).
  if (status === 'delivery_failed') return 'rto_initiated';
  if (status === 'rto_initiated') return 'returned_to_origin';
  const i = SIM_PATH.indexOf(status);
  return i >= 0 && i < SIM_PATH.length - 1 ? SIM_PATH[i + 1]! : null;
}

/** The statuses between a parcel's and a later one, in the order a courier would report them; [] when not later. */
/** How long the simulated courier waits in a status: after a failed attempt it gives the buyer three steps to answer. */
export const simWait = (status: ParcelStatus, stepSeconds: number) => (status === 'delivery_failed' ? 3 : 1) * stepSeconds * 1000;

export function pathTo(from: ParcelStatus, to: ParcelStatus): ParcelStatus[] {
  if (from === to || RANK[to] < RANK[from] || from === 'delivered' || from === 'returned_to_origin') return [];
  // Up the ordinary path as far as `target`, from wherever the parcel is on it.
  const upTo = (target: ParcelStatus) => (RANK[from] >= RANK[target] ? [] : SIM_PATH.slice(SIM_PATH.indexOf(from) + 1, SIM_PATH.indexOf(target) + 1));
  switch (to) {
    case 'delivery_failed':
      return [...(from === 'out_for_delivery' ? [] : upTo('out_for_delivery')), 'delivery_failed'];
    case 'delivered':
      if (from === 'rto_initiated') return [];
      return from === 'delivery_failed' ? ['out_for_delivery', 'delivered'] : upTo('delivered');
    case 'rto_initiated':
      return [...upTo('picked_up'), 'rto_initiated'];
    case 'returned_to_origin':
      return [...upTo('picked_up'), ...(from === 'rto_initiated' ? [] : ['rto_initiated' as const]), 'returned_to_origin'];
    case 'out_for_delivery':
      return from === 'delivery_failed' ? ['out_for_delivery'] : upTo('out_for_delivery');
    default:
      return upTo(to);
  }
}

export function simLocation(row: ShipmentRow, status: ParcelStatus): string {
  const origin = row.fromAddress.city;
  const destination = row.toAddress.city;
  if (status === 'picked_up' || status === 'pickup_scheduled' || status === 'returned_to_origin') return origin;
  if (status === 'in_transit') return `${destination} hub`;
  return destination;
}
