import type { Auction, Deal } from '@live-market/contract/selling';

export const STREAM = '00000000-0000-4000-8000-0000000000aa';
export const ME = '00000000-0000-4000-8000-000000000001';
export const RIVAL = '00000000-0000-4000-8000-000000000002';

const inSeconds = (s: number, from = Date.now()) => new Date(from + s * 1000).toISOString();

/** A running flash deal on an Ilkal saree: ₹1,299 for ₹799, 12 of 20 left, 2 per buyer, 42 s to go. */
export function makeDeal(overrides: Partial<Deal> = {}): Deal {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    streamId: STREAM,
    productId: '00000000-0000-4000-8000-0000000000e1',
    productName: 'Ilkal saree',
    imageUrl: null,
    price: '1299.00',
    dealPrice: '799.00',
    units: 20,
    unitsLeft: 12,
    perBuyerLimit: 2,
    endsAt: inSeconds(42),
    isActive: true,
    serverNow: new Date().toISOString(),
    viewer: { bought: 0, waitlisted: false, holdUntil: null },
    ...overrides,
  };
}

/** A running auction of a Kundan set: Rahul leads at ₹1,250, the next valid bid is ₹1,300, 25 s to go. */
export function makeAuction(overrides: Partial<Auction> = {}): Auction {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    streamId: STREAM,
    productId: '00000000-0000-4000-8000-0000000000e2',
    productName: 'Kundan necklace set',
    imageUrl: null,
    status: 'active',
    startingBid: '500.00',
    highestBid: '1250.00',
    leaderName: 'Rahul',
    leaderId: RIVAL,
    nextBid: '1300.00',
    endsAt: inSeconds(25),
    suddenDeath: false,
    bids: [{ amount: '1250.00', bidderName: 'Rahul', proxy: false, at: new Date().toISOString() }],
    serverNow: new Date().toISOString(),
    ...overrides,
  };
}
