import { z } from 'zod';
import { positiveRupees, rupees } from './amounts.js';
import { clientToken } from './text.js';

// Issue 14: flash deals and live auctions. Amounts travel as rupee strings, like prices ("799",
// "799.50"); the server decides in whole paise (rupeesToPaise) and its clock sets every endsAt.

export const DEAL_MIN_SECONDS = 10;
export const DEAL_MAX_SECONDS = 300;
export const AUCTION_MIN_SECONDS = 10;
export const AUCTION_MAX_SECONDS = 60;
/** A unit released from a sold-out deal is held this long for the first person on its waitlist. */
export const DEAL_WAITLIST_HOLD_MINUTES = 2;

/** POST /api/streams/{id}/deals: the price must be below the product's, units within its stock (checked on the server). */
export const CreateDealBody = z.object({
  productId: z.uuid('Invalid product id'),
  dealPrice: positiveRupees('Enter the deal price in rupees, e.g. 799', 'The deal price must be more than ₹0'),
  units: z.number().int('Units must be a whole number').min(1, 'Offer at least 1 unit').max(100_000),
  perBuyerLimit: z.number().int('The limit must be a whole number').min(1, 'Allow at least 1 per buyer').max(100),
  durationSeconds: z
    .number()
    .int()
    .min(DEAL_MIN_SECONDS, 'A deal runs 10 to 300 seconds')
    .max(DEAL_MAX_SECONDS, 'A deal runs 10 to 300 seconds'),
});
export type CreateDealBody = z.infer<typeof CreateDealBody>;

/** What GET …/deal/active adds for the signed-in viewer (broadcasts carry no viewer). */
export const DealViewer = z.object({
  /** Units this viewer holds in live orders of this deal (counted against perBuyerLimit). */
  bought: z.number().int().nonnegative(),
  waitlisted: z.boolean(),
  /** A released unit held for this viewer until then (DEAL_WAITLIST_HOLD_MINUTES), or null. */
  holdUntil: z.iso.datetime().nullable(),
});
export type DealViewer = z.infer<typeof DealViewer>;

export const Deal = z.object({
  id: z.uuid(),
  streamId: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  /** The product's own price: the banner shows what the deal saves. */
  price: z.string(),
  dealPrice: z.string(),
  units: z.number().int(),
  unitsLeft: z.number().int().nonnegative(),
  perBuyerLimit: z.number().int(),
  endsAt: z.iso.datetime(),
  isActive: z.boolean(),
  /** The server's clock when this was sent: clients measure their offset from it to draw countdowns. */
  serverNow: z.iso.datetime(),
  viewer: DealViewer.optional(),
});
export type Deal = z.infer<typeof Deal>;
/** GET /api/streams/{id}/deal/active. */
export const ActiveDeal = Deal.nullable();

/** POST /api/deals/{id}/waitlist: 201 when joined, 200 when already on it. */
export const WaitlistResult = z.object({ position: z.number().int().positive() });
export type WaitlistResult = z.infer<typeof WaitlistResult>;

/** PATCH /api/deals/{id}: only ending early. */
export const EndDealBody = z.object({ isActive: z.literal(false, { error: 'A deal can only be ended' }) });
export type EndDealBody = z.infer<typeof EndDealBody>;

export const DealId = z.object({ id: z.uuid('Invalid deal id') });

/** POST /api/streams/{id}/auctions. */
export const CreateAuctionBody = z.object({
  productId: z.uuid('Invalid product id'),
  startingBid: positiveRupees('Enter the starting bid in rupees, e.g. 499', 'The starting bid must be more than ₹0'),
  durationSeconds: z
    .number()
    .int()
    .min(AUCTION_MIN_SECONDS, 'An auction runs 10 to 60 seconds')
    .max(AUCTION_MAX_SECONDS, 'An auction runs 10 to 60 seconds'),
  suddenDeath: z.boolean().optional().default(false),
});
export type CreateAuctionBody = z.input<typeof CreateAuctionBody>;

/** POST /api/auctions/{id}/bids: 201 when it leads; 409 when outbid, below the next valid amount or late. */
export const BidBody = z.object({
  amount: rupees('Enter your bid in rupees, e.g. 550'),
  /** Bid for me up to this much, one step above a rival each time. */
  maxAmount: rupees('Enter your maximum bid in rupees, e.g. 900').optional(),
  idempotencyKey: clientToken(8, 64),
});
export type BidBody = z.infer<typeof BidBody>;

/** How many of the newest accepted bids an Auction carries. */
export const AUCTION_BIDS_SHOWN = 5;

export const AuctionId = z.object({ id: z.uuid('Invalid auction id') });

export const AuctionBid = z.object({
  amount: z.string(),
  bidderName: z.string(),
  /** Placed by the bidder's max bid. */
  proxy: z.boolean(),
  at: z.iso.datetime(),
});
export type AuctionBid = z.infer<typeof AuctionBid>;

/** GET /api/auctions/{id}. */
export const Auction = z.object({
  id: z.uuid(),
  streamId: z.uuid(),
  productId: z.uuid(),
  productName: z.string(),
  imageUrl: z.string().nullable(),
  status: z.enum(['active', 'ended']),
  startingBid: z.string(),
  highestBid: z.string().nullable(),
  leaderName: z.string().nullable(),
  /** So a client knows whether its own user leads. */
  leaderId: z.uuid().nullable(),
  /** The smallest bid the server accepts now (the increment table in bids.ts). */
  nextBid: z.string(),
  endsAt: z.iso.datetime(),
  suddenDeath: z.boolean(),
  /** Accepted bids, newest first (at most AUCTION_BIDS_SHOWN). */
  bids: z.array(AuctionBid),
  /** The server's clock when this was sent (see Deal.serverNow). */
  serverNow: z.iso.datetime(),
  /** GET and bid answers only: the signed-in user's standing max bid while it leads. */
  viewer: z.object({ maxAmount: z.string().nullable() }).optional(),
  /**
   * Ended with a winner (issue 25): when the winner's time to pay runs out (PAYMENT_TIMEOUT_MINUTES
   * after the end; then it passes to the next bidder); null once paid or passed on by then.
   */
  payBy: z.iso.datetime().nullable().optional(),
});
export type Auction = z.infer<typeof Auction>;

/** GET /api/streams/{id}/auction/active: the show's running auction, or the one that just ended, or null. */
export const CurrentAuction = Auction.nullable();
