import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Auction } from '@live-market/contract/selling';
import { apiRequest } from '@/lib/api-client';
import { sellingKeys } from './keys';

/** DELETE /api/auctions/{id}: the owner cancels an auction nobody has bid in yet (409 once someone has). */
export async function cancelAuction(auctionId: string): Promise<void> {
  await apiRequest('DELETE', `/api/auctions/${auctionId}`);
}

export function useCancelAuction({ streamId, onSuccess, onError }: { streamId: string; onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAuction,
    onSuccess: (_, auctionId) => {
      queryClient.setQueryData<Auction | null>(sellingKeys.activeAuction(streamId), (auction) => (auction?.id === auctionId ? null : auction));
      onSuccess?.();
    },
    onError,
  });
}
