import { and, eq } from 'drizzle-orm';
import { nextValidBidPaise, rupeesToPaise, type BidBody } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { auctionBids } from './tables.js';

// What this instance last saw committed of each auction, so a bid that cannot lead is refused
// without a transaction. Prices only rise, so what it knows can only be behind.

/** What this instance last saw committed of an auction: prices only rise, so it can only be behind. */
export interface Known {
  sellerId: string;
  ownerId: string;
  startingPaise: number;
  pricePaise: number | null;
  leaderId: string | null;
  /** Ended or cancelled in the database: final. (A passed endsAt is not used: another instance may have extended it.) */
  over: boolean;
}
const KNOWN_MAX = 1_000;

export class KnownAuctions {
  private seen = new Map<string, Known>();

  get(auctionId: string): Known | undefined {
    return this.seen.get(auctionId);
  }

  learn(auctionId: string, seen: Partial<Known>): void {
    const before = this.seen.get(auctionId);
    if (!before) {
      if (seen.sellerId === undefined) return;
      if (this.seen.size >= KNOWN_MAX) this.seen.delete(this.seen.keys().next().value!);
      this.seen.set(auctionId, seen as Known);
      return;
    }
    if (seen.over) before.over = true;
    if (seen.pricePaise != null && (before.pricePaise === null || seen.pricePaise > before.pricePaise)) {
      before.pricePaise = seen.pricePaise;
      before.leaderId = seen.leaderId ?? null;
    }
  }
}

/** Whether, by what this instance saw, the bid cannot lead. A tap below the next amount never leads, max bid or not; only the leader may raise a max with it. */
export function cannotLead(k: Known | undefined, userId: string, body: BidBody): k is Known {
  if (!k) return false;
  if (k.over || k.ownerId === userId) return true;
  return rupeesToPaise(body.amount) < nextValidBidPaise(k.pricePaise, k.startingPaise) && k.leaderId !== userId;
}

/**
 * Bids accepted, by auction, bidder and key: a replayed request is answered as accepted without the
 * database even once the price has moved past it.
 */
export class AcceptedBids {
  private keys = new Set<string>();

  constructor(private db: Db) {}

  remember(auctionId: string, userId: string, key: string): void {
    if (this.keys.size >= 100_000) this.keys.delete(this.keys.values().next().value!);
    this.keys.add(`${auctionId}\0${userId}\0${key}`);
  }

  /** A key this bidder already had accepted: remembered here, or saved by another instance (or before a restart). */
  async has(auctionId: string, userId: string, key: string): Promise<boolean> {
    if (this.keys.has(`${auctionId}\0${userId}\0${key}`)) return true;
    const [earlier] = await this.db
      .select({ id: auctionBids.id })
      .from(auctionBids)
      .where(and(eq(auctionBids.auctionId, auctionId), eq(auctionBids.userId, userId), eq(auctionBids.idempotencyKey, key)));
    if (earlier) this.remember(auctionId, userId, key);
    return Boolean(earlier);
  }
}
