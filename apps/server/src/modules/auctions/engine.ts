import { AUCTION_EXTEND_MS, bidIncrementPaise, nextValidBidPaise } from '@live-market/contract';

// Issue 14: what one bid does to an auction, decided in one place. The caller holds the auction's lock
// (so bids are decided one at a time, in order, on every instance) and saves what this returns. Pure:
// no clock, no database; amounts in whole paise.

export interface AuctionState {
  startingBidPaise: number;
  /** The current price and who holds it; null until the first bid. */
  leader: { userId: string; pricePaise: number } | null;
  /** Each bidder's highest committed amount (a max bid, or their plain bid); the leader's may be above the price. */
  maxima: ReadonlyMap<string, number>;
  endsAt: number;
  suddenDeath: boolean;
}

/** A bid that became the leading price at `at`: the accepted bids of an auction rise strictly. */
export interface AcceptedBid {
  userId: string;
  pricePaise: number;
  /** Placed by the bidder's max bid, not by their tap. */
  proxy: boolean;
}

export interface BidInput {
  userId: string;
  amountPaise: number;
  /** Bid for me up to this much, one step above a rival each time. At least amountPaise. */
  maxPaise?: number;
  at: number;
}

export type BidOutcome =
  | { kind: 'late' }
  | { kind: 'too_low'; nextValidPaise: number }
  /** The bidder leads (or, already leading, raised their maximum). */
  | { kind: 'leading'; state: AuctionState; accepted: AcceptedBid[] }
  /** A rival's max bid was higher: the rival's proxy answered, the bidder is not leading. */
  | { kind: 'outbid'; state: AuctionState; accepted: AcceptedBid[] };

function extended(state: AuctionState, at: number): number {
  if (state.suddenDeath) return state.endsAt;
  return Math.max(state.endsAt, at + AUCTION_EXTEND_MS);
}

function closeToEnd(state: AuctionState, at: number): boolean {
  return state.endsAt - at < AUCTION_EXTEND_MS;
}

export function placeBid(state: AuctionState, bid: BidInput): BidOutcome {
  if (bid.at >= state.endsAt) return { kind: 'late' };
  const current = state.leader?.pricePaise ?? null;
  const next = nextValidBidPaise(current, state.startingBidPaise);
  const committed = Math.max(bid.amountPaise, bid.maxPaise ?? 0, state.maxima.get(bid.userId) ?? 0);
  const maxima = new Map(state.maxima);

  // The leader bidding again raises their maximum; the price stays (nobody bids against themselves).
  if (state.leader?.userId === bid.userId) {
    if (bid.amountPaise < next && (bid.maxPaise ?? 0) <= (state.maxima.get(bid.userId) ?? 0)) return { kind: 'too_low', nextValidPaise: next };
    maxima.set(bid.userId, committed);
    return { kind: 'leading', state: { ...state, maxima }, accepted: [] };
  }
  if (bid.amountPaise < next) return { kind: 'too_low', nextValidPaise: next };

  const endsAt = closeToEnd(state, bid.at) ? extended(state, bid.at) : state.endsAt;
  maxima.set(bid.userId, committed);
  const rival = state.leader;
  const rivalMax = rival ? (state.maxima.get(rival.userId) ?? rival.pricePaise) : 0;

  // The rival's maximum holds (an equal one too: it was committed first). Their proxy answers one
  // step above this bidder's maximum, never above their own.
  if (rival && committed <= rivalMax) {
    const price = Math.min(rivalMax, committed + bidIncrementPaise(committed));
    const leader = { userId: rival.userId, pricePaise: price };
    return { kind: 'outbid', state: { ...state, leader, maxima, endsAt }, accepted: [{ userId: rival.userId, pricePaise: price, proxy: true }] };
  }

  // This bidder leads: at their tap's amount, or one step above the rival's maximum when their own max
  // bid must answer it — never above what they committed.
  const accepted: AcceptedBid[] = [];
  if (rival && rivalMax > rival.pricePaise) {
    // The rival's max bid went as high as it could before this bid passed it.
    accepted.push({ userId: rival.userId, pricePaise: rivalMax, proxy: true });
  }
  const answer = rival ? Math.min(committed, rivalMax + bidIncrementPaise(rivalMax)) : bid.amountPaise;
  const price = Math.max(bid.amountPaise, answer);
  accepted.push({ userId: bid.userId, pricePaise: price, proxy: price !== bid.amountPaise });
  return { kind: 'leading', state: { ...state, leader: { userId: bid.userId, pricePaise: price }, maxima, endsAt }, accepted };
}
