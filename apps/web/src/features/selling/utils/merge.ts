import type { Auction, Deal } from '@live-market/contract/selling';

// Room broadcasts carry no `viewer` (it is per person): a broadcast of the same deal or auction keeps
// the one the viewer's own GET or bid answer brought, while it still holds.

/** Whole paise of a rupee string ("799.50" → 79950); null stays null. */
export function paiseOf(rupees: string | null): number | null {
  return rupees === null ? null : Math.round(Number(rupees) * 100);
}

/** The cached deal after a deal_update (or any newer copy of it). */
export function mergeDeal(cached: Deal | null | undefined, next: Deal): Deal {
  if (!cached || cached.id !== next.id || next.viewer) return next;
  return { ...next, viewer: cached.viewer };
}

/**
 * The cached auction after an auction_update or a bid's answer. A copy that arrives late (a bid's answer
 * after the broadcast of a higher bid) never takes the price back down, and an ended auction stays ended.
 * The viewer's standing max bid is kept only while they still lead.
 */
export function mergeAuction(cached: Auction | null | undefined, next: Auction, userId: string): Auction {
  if (!cached || cached.id !== next.id) return next;
  if (cached.status === 'ended' && next.status === 'active') return cached;
  if ((paiseOf(cached.highestBid) ?? -1) > (paiseOf(next.highestBid) ?? -1)) return cached;
  if (next.viewer) return next;
  return { ...next, viewer: next.leaderId === userId ? cached.viewer : undefined };
}

/** auction_ended: the winner's name and price (both null when nobody bid). */
export function endAuction(cached: Auction | null | undefined, ended: { auctionId: string; winnerName: string | null; price: string | null }): Auction | null | undefined {
  if (!cached || cached.id !== ended.auctionId) return cached;
  return {
    ...cached,
    status: 'ended',
    highestBid: ended.price,
    leaderName: ended.winnerName,
    leaderId: ended.price === null ? null : cached.leaderId,
  };
}
