// Issue 14: the bid increment table, shared by the server (which decides) and the client (its one-tap
// "Bid ₹N"). Zod-free, so the stream page can use it without the schemas. Amounts in whole paise.

/** Each step applies while the current bid is below `below` (in paise); the last applies above all. */
export const BID_INCREMENTS: ReadonlyArray<{ below: number; stepPaise: number }> = [
  { below: 500_00, stepPaise: 10_00 },
  { below: 1_000_00, stepPaise: 25_00 },
  { below: 5_000_00, stepPaise: 50_00 },
  { below: 20_000_00, stepPaise: 100_00 },
  { below: Number.POSITIVE_INFINITY, stepPaise: 500_00 },
];

/** How much a bid must rise above `currentPaise`: ₹10 under ₹500, ₹25 under ₹1,000, ₹50 under ₹5,000, ₹100 under ₹20,000, ₹500 above. */
export function bidIncrementPaise(currentPaise: number): number {
  return BID_INCREMENTS.find((step) => currentPaise < step.below)!.stepPaise;
}

/** The smallest bid accepted now: the starting bid while nobody has bid, then one step above the highest. */
export function nextValidBidPaise(highestPaise: number | null, startingBidPaise: number): number {
  return highestPaise === null ? startingBidPaise : highestPaise + bidIncrementPaise(highestPaise);
}

/** A leading bid this close to the end resets the clock to this much, unless the auction is sudden death. */
export const AUCTION_EXTEND_MS = 10_000;
