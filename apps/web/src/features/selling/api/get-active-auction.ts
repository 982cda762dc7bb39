import { queryOptions } from '@tanstack/react-query';
import type { Auction } from '@live-market/contract/selling';
import { apiRequest } from '@/lib/api-client';
import { noteServerTime } from '../utils/server-clock';
import { sellingKeys } from './keys';
import { SHOWS_WITHOUT } from '@/lib/offline';

/** GET /api/streams/{id}/auction/active: the show's running auction, or the one that just ended, or null. */
export async function getActiveAuction(streamId: string): Promise<Auction | null> {
  const res = await apiRequest('GET', `/api/streams/${streamId}/auction/active`);
  const auction = (await res.json()) as Auction | null;
  if (auction) noteServerTime(auction.serverNow);
  return auction;
}

export function getActiveAuctionQueryOptions(streamId: string) {
  // auction_update and auction_ended room messages land in the same cache entry.
  return queryOptions({ queryKey: sellingKeys.activeAuction(streamId), queryFn: () => getActiveAuction(streamId), meta: SHOWS_WITHOUT });
}
