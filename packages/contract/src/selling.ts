import { z } from 'zod';
import { clientToken } from './text.js';

// Issue 14: flash deals and live auctions. Amounts travel as rupee strings, like prices ("799",
// "799.50"); the server decides in whole paise (rupeesToPaise) and its clock sets every endsAt.

export const DEAL_MIN_SECONDS = 10;
export const DEAL_MAX_SECONDS = 300;
export const AUCTION_MIN_SECONDS = 10;
export const AUCTION_MAX_SECONDS = 60;
/** A unit released from a sold-out deal is held this long for the first person on its waitlist. */
export const DEAL_WAITLIST_HOLD_MINUTES = 2;

const rupees = (message: string) => z.string().trim().regex(/^\d{1,10}(\.\d{1,2})?$/, message);

/** POST /api/streams/{id}/deals: the price must be below the product's, units within its stock (checked on the server). */
export const CreateDealBody = z.object({
  productId: z.uuid('Invalid product id'),
  dealPrice: rupees('Enter the deal price in rupees, e.g. 799'),
  units: z.number().int('Units must be a whole number').min(1, 'Offer at least 1 unit').max(100_000),
  perBuyerLimit: z.number().int('The limit must be a whole number').min(1, 'Allow at least 1 per buyer').max(100),
  durationSeconds: z
    .number()
    .int()
    .min(DEAL_MIN_SECONDS, 'A deal runs 10 to 300 seconds')
    .max(DEAL_MAX_SECONDS, 'A deal runs 10 to 300 seconds'),
});
export type CreateDealBody = z.infer<typeof CreateDealBody>;

export const Deal = z.object({
  id: z.uuid(),
  streamId: z.uuid(),
  productId: z.uuid(),
  dealPrice: z.string(),
  units: z.number().int(),
  unitsLeft: z.number().int().nonnegative(),
  perBuyerLimit: z.number().int(),
  endsAt: z.iso.datetime(),
  isActive: z.boolean(),
});
export type Deal = z.infer<typeof Deal>;

/** PATCH /api/deals/{id}: only ending early. */
export const EndDealBody = z.object({ isActive: z.literal(false, { error: 'A deal can only be ended' }) });
export type EndDealBody = z.infer<typeof EndDealBody>;

export const DealId = z.object({ id: z.uuid('Invalid deal id') });

/** POST /api/streams/{id}/auctions. */
export const CreateAuctionBody = z.object({
  productId: z.uuid('Invalid product id'),
  startingBid: rupees('Enter the starting bid in rupees, e.g. 499'),
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
  status: z.enum(['active', 'ended']),
  startingBid: z.string(),
  highestBid: z.string().nullable(),
  leaderName: z.string().nullable(),
  /** The smallest bid the server accepts now (the increment table in bids.ts). */
  nextBid: z.string(),
  endsAt: z.iso.datetime(),
  suddenDeath: z.boolean(),
  /** Accepted bids, newest first. */
  bids: z.array(AuctionBid),
});
export type Auction = z.infer<typeof Auction>;
