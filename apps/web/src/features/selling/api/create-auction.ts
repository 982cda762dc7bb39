import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Auction, CreateAuctionBody } from '@live-market/contract/selling';
import { apiRequest } from '@/lib/api-client';
import { noteServerTime } from '../utils/server-clock';
import { sellingKeys } from './keys';

/** POST /api/streams/{id}/auctions: the owner starts a live auction of one product. */
export async function createAuction({ streamId, body }: { streamId: string; body: CreateAuctionBody }): Promise<Auction> {
  const res = await apiRequest('POST', `/api/streams/${streamId}/auctions`, body);
  const auction = (await res.json()) as Auction;
  noteServerTime(auction.serverNow);
  return auction;
}

export function useCreateAuction({ onSuccess, onError }: { onSuccess?: (auction: Auction) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAuction,
    onSuccess: (auction) => {
      queryClient.setQueryData(sellingKeys.activeAuction(auction.streamId), auction);
      onSuccess?.(auction);
    },
    onError,
  });
}
