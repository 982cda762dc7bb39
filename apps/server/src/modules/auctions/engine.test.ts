import { describe, expect, it } from 'vitest';
import { bidIncrementPaise, nextValidBidPaise } from '@live-market/contract';
import { placeBid, type AcceptedBid, type AuctionState } from './engine.js';

const rupees = (r: number) => r * 100;
const fresh = (over: Partial<AuctionState> = {}): AuctionState => ({
  startingBidPaise: rupees(100),
  leader: null,
  maxima: new Map(),
  endsAt: 60_000,
  suddenDeath: false,
  ...over,
});

describe('the increment table', () => {
  it.each([
    [0, 10], [499, 10], [500, 25], [999, 25], [1000, 50], [4999, 50], [5000, 100], [19_999, 100], [20_000, 500], [1_00_000, 500],
  ])('at ₹%i the next bid is ₹%i more', (price, step) => {
    expect(bidIncrementPaise(rupees(price))).toBe(rupees(step));
  });

  it('starts at the starting bid, then one step above the highest', () => {
    expect(nextValidBidPaise(null, rupees(799))).toBe(rupees(799));
    expect(nextValidBidPaise(rupees(799), rupees(100))).toBe(rupees(824));
    expect(nextValidBidPaise(rupees(490) + 50, rupees(100))).toBe(rupees(500) + 50);
  });
});

describe('a bid', () => {
  it('may equal the starting bid first, then must reach the next valid amount', () => {
    const first = placeBid(fresh(), { userId: 'a', amountPaise: rupees(100), at: 1000 });
    expect(first.kind).toBe('leading');
    if (first.kind !== 'leading') return;
    expect(placeBid(first.state, { userId: 'b', amountPaise: rupees(105), at: 2000 })).toEqual({ kind: 'too_low', nextValidPaise: rupees(110) });
    const second = placeBid(first.state, { userId: 'b', amountPaise: rupees(137), at: 2000 });
    expect(second).toMatchObject({ kind: 'leading', accepted: [{ userId: 'b', pricePaise: rupees(137), proxy: false }] });
    expect(placeBid(fresh(), { userId: 'a', amountPaise: rupees(99), at: 1000 })).toEqual({ kind: 'too_low', nextValidPaise: rupees(100) });
  });

  it('is late at or after endsAt', () => {
    expect(placeBid(fresh(), { userId: 'a', amountPaise: rupees(500), at: 60_000 })).toEqual({ kind: 'late' });
  });

  it('in the last 10 s resets the clock to 10 s, unless sudden death', () => {
    const late = placeBid(fresh(), { userId: 'a', amountPaise: rupees(100), at: 55_000 });
    expect(late.kind === 'leading' && late.state.endsAt).toBe(65_000);
    const early = placeBid(fresh(), { userId: 'a', amountPaise: rupees(100), at: 40_000 });
    expect(early.kind === 'leading' && early.state.endsAt).toBe(60_000);
    const sudden = placeBid(fresh({ suddenDeath: true }), { userId: 'a', amountPaise: rupees(100), at: 55_000 });
    expect(sudden.kind === 'leading' && sudden.state.endsAt).toBe(60_000);
  });
});

describe('max bids', () => {
  it("answer a rival one step above the rival's maximum, never above their own", () => {
    const a = placeBid(fresh(), { userId: 'a', amountPaise: rupees(100), maxPaise: rupees(400), at: 1000 });
    if (a.kind !== 'leading') throw new Error(a.kind);
    expect(a.state.leader).toEqual({ userId: 'a', pricePaise: rupees(100) });
    // b taps ₹150 with no max: a's proxy answers at ₹160 and b is outbid.
    const b = placeBid(a.state, { userId: 'b', amountPaise: rupees(150), at: 2000 });
    expect(b).toMatchObject({ kind: 'outbid', accepted: [{ userId: 'a', pricePaise: rupees(160), proxy: true }] });
    if (b.kind !== 'outbid') return;
    // c commits ₹1,000: a's proxy stops at its ₹400; c leads one step above it (₹410: ₹10 steps under ₹500).
    const c = placeBid(b.state, { userId: 'c', amountPaise: rupees(170), maxPaise: rupees(1000), at: 3000 });
    expect(c).toMatchObject({
      kind: 'leading',
      accepted: [
        { userId: 'a', pricePaise: rupees(400), proxy: true },
        { userId: 'c', pricePaise: rupees(410), proxy: true },
      ],
    });
  });

  it('tie: the maximum committed first holds', () => {
    const a = placeBid(fresh(), { userId: 'a', amountPaise: rupees(100), maxPaise: rupees(300), at: 1000 });
    if (a.kind !== 'leading') throw new Error(a.kind);
    const b = placeBid(a.state, { userId: 'b', amountPaise: rupees(300), at: 2000 });
    expect(b).toMatchObject({ kind: 'outbid', accepted: [{ userId: 'a', pricePaise: rupees(300) }] });
  });

  it('the leader bidding again raises their maximum without raising the price', () => {
    const a = placeBid(fresh(), { userId: 'a', amountPaise: rupees(100), at: 1000 });
    if (a.kind !== 'leading') throw new Error(a.kind);
    const again = placeBid(a.state, { userId: 'a', amountPaise: rupees(110), maxPaise: rupees(900), at: 2000 });
    expect(again).toMatchObject({ kind: 'leading', accepted: [] });
    if (again.kind !== 'leading') return;
    expect(again.state.leader).toEqual({ userId: 'a', pricePaise: rupees(100) });
    expect(again.state.maxima.get('a')).toBe(rupees(900));
  });
});

describe('many bidders in any order (seeded random runs)', () => {
  // A small deterministic generator: a failing seed can be replayed.
  const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

  it('accepted bids rise strictly, no proxy exceeds its max, one leader at the highest, nothing after endsAt', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rnd = random(seed);
      let state = fresh({ endsAt: 20_000, suddenDeath: seed % 2 === 0 });
      const maxOf = new Map<string, number>();
      const accepted: Array<AcceptedBid & { at: number }> = [];
      let at = 0;
      for (let i = 0; i < 60; i++) {
        at += Math.floor(rnd() * 800);
        const userId = `u${Math.floor(rnd() * 8)}`;
        const next = nextValidBidPaise(state.leader?.pricePaise ?? null, state.startingBidPaise);
        const amountPaise = next + Math.floor(rnd() * 3) * bidIncrementPaise(next) - (rnd() < 0.1 ? 100 : 0);
        const maxPaise = rnd() < 0.4 ? amountPaise + Math.floor(rnd() * 50) * 1000 : undefined;
        maxOf.set(userId, Math.max(maxOf.get(userId) ?? 0, amountPaise, maxPaise ?? 0));
        const out = placeBid(state, { userId, amountPaise, maxPaise, at });
        if (out.kind === 'late') expect(at).toBeGreaterThanOrEqual(state.endsAt);
        if (out.kind === 'leading' || out.kind === 'outbid') {
          accepted.push(...out.accepted.map((b) => ({ ...b, at })));
          state = out.state;
        }
      }
      const prices = accepted.map((b) => b.pricePaise);
      for (let i = 1; i < prices.length; i++) expect(prices[i]!, `seed ${seed}`).toBeGreaterThan(prices[i - 1]!);
      for (const b of accepted) expect(b.pricePaise, `seed ${seed}`).toBeLessThanOrEqual(maxOf.get(b.userId)!);
      for (const b of accepted) expect(b.at).toBeLessThan(state.endsAt);
      if (accepted.length) expect(state.leader).toEqual({ userId: accepted.at(-1)!.userId, pricePaise: accepted.at(-1)!.pricePaise });
    }
  });
});
