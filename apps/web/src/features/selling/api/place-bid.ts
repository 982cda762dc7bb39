import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Auction, BidBody } from '@live-market/contract/selling';
import { apiRequest } from '@/lib/api-client';
import { mergeAuction } from '../utils/merge';
import { noteServerTime } from '../utils/server-clock';
import { sellingKeys } from './keys';

/**
 * POST /api/auctions/{id}/bids: 201 with the auction when the bid leads; 409 {message} when it was
 * outbid, below the next valid amount (the message says it) or late; 403 for the seller and the banned.
 */
export async function placeBid({ auctionId, body }: { auctionId: string; body: BidBody }): Promise<Auction> {
  const res = await apiRequest('POST', `/api/auctions/${auctionId}/bids`, body);
  const auction = (await res.json()) as Auction;
  noteServerTime(auction.serverNow);
  return auction;
}

export function usePlaceBid({ streamId, userId, onSuccess, onError }: { streamId: string; userId: string; onSuccess?: (auction: Auction) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  const key = sellingKeys.activeAuction(streamId);
  return useMutation({
    mutationFn: placeBid,
    onSuccess: (auction) => {
      queryClient.setQueryData<Auction | null>(key, (cached) => mergeAuction(cached, auction, userId));
      onSuccess?.(auction);
    },
    onError: (error) => {
      // Refused: the room's message with the new price may still be on its way; ask for it.
      void queryClient.invalidateQueries({ queryKey: key });
      onError?.(error);
    },
  });
}
