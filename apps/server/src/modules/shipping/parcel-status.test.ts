import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PARCEL_STATUSES } from '@live-market/contract';
import { currentOf, supersedes, type Stamped } from './parcel-status.js';

// A parcel's status is the maximum of its events. The fold relies on two things: any order of the same
// events gives the same status, and folding new events into the last status equals folding them all.
// Few moments and mostly the two statuses that share a rank, so ties come up.
const moment = fc.integer({ min: 0, max: 2 }).map((minute) => new Date(Date.UTC(2026, 10, 28, 10, minute)));
const status = fc.oneof({ arbitrary: fc.constantFrom('out_for_delivery' as const, 'delivery_failed' as const), weight: 3 }, { arbitrary: fc.constantFrom(...PARCEL_STATUSES), weight: 1 });
const event = fc.record({ status, at: moment });
const events = fc.array(event, { maxLength: 12 });

const same = (a: Stamped | null, b: Stamped | null) => (a && b ? a.status === b.status && a.at.getTime() === b.at.getTime() : a === b);

describe('a parcel status from its events', () => {
  it('is the same whatever order they come in, duplicates included', () => {
    fc.assert(
      fc.property(events, fc.func(fc.integer()), (list, key) => {
        const shuffled = [...list, ...list.slice(0, 3)].sort((a, b) => key(a) - key(b));
        return same(currentOf(list), currentOf(shuffled));
      }),
    );
  });

  it('folding the new events into the last status equals folding them all', () => {
    fc.assert(
      fc.property(events, events, (before, after) => {
        const last = currentOf(before);
        const newest = currentOf(after);
        const folded = newest && supersedes(newest, last) ? newest : last;
        return same(folded, currentOf([...before, ...after]));
      }),
    );
  });

  it('a later event of a lower rank does not move it back', () => {
    const delivered = { status: 'delivered' as const, at: new Date('2026-11-28T10:00:00Z') };
    expect(supersedes({ status: 'in_transit', at: new Date('2026-11-28T12:00:00Z') }, delivered)).toBe(false);
    expect(supersedes({ status: 'returned_to_origin', at: new Date('2026-11-28T09:00:00Z') }, delivered)).toBe(true);
  });
});
