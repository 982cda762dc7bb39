import { describe, expect, it } from 'vitest';
import { makeAuction, makeDeal, ME, RIVAL } from '../testing/fixtures';
import { endAuction, mergeAuction, mergeDeal } from './merge';

describe('selling cache merges', () => {
  it("keeps the viewer's own part of a deal across the room's broadcasts", () => {
    const cached = makeDeal({ viewer: { bought: 1, waitlisted: false, holdUntil: null } });
    const broadcast = { ...makeDeal({ unitsLeft: 5 }), viewer: undefined };
    expect(mergeDeal(cached, broadcast)).toEqual({ ...broadcast, viewer: cached.viewer });
    expect(mergeDeal(cached, { ...broadcast, id: '00000000-0000-4000-8000-0000000000d2' }).viewer).toBeUndefined();
  });

  it('never takes an auction back down to a late copy, nor back from ended', () => {
    const cached = makeAuction({ highestBid: '1300.00', nextBid: '1350.00' });
    expect(mergeAuction(cached, makeAuction(), ME)).toBe(cached);
    const ended = makeAuction({ status: 'ended' });
    expect(mergeAuction(ended, makeAuction(), ME)).toBe(ended);
  });

  it("keeps the viewer's standing max bid only while they lead", () => {
    const cached = makeAuction({ leaderId: ME, viewer: { maxAmount: '2000.00' } });
    expect(mergeAuction(cached, makeAuction({ leaderId: ME, highestBid: '1300.00' }), ME).viewer).toEqual({ maxAmount: '2000.00' });
    expect(mergeAuction(cached, makeAuction({ leaderId: RIVAL, highestBid: '2050.00' }), ME).viewer).toBeUndefined();
  });

  it('ends an auction with its winner and price, or with none', () => {
    const cached = makeAuction();
    expect(endAuction(cached, { auctionId: cached.id, winnerName: 'Rahul', price: '1250.00' })).toMatchObject({ status: 'ended', leaderName: 'Rahul', highestBid: '1250.00', leaderId: RIVAL });
    expect(endAuction(cached, { auctionId: cached.id, winnerName: null, price: null })).toMatchObject({ status: 'ended', leaderName: null, highestBid: null, leaderId: null });
    expect(endAuction(cached, { auctionId: '00000000-0000-4000-8000-0000000000a9', winnerName: null, price: null })).toBe(cached);
  });
});
