import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftId } from '@live-market/contract/catalog';
import type { RecentGift, Wallet } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { keepLiveGift } from '../utils/gift-rules';
import { engagementKeys } from './keys';

/** POST /api/streams/{id}/gifts {giftId, idempotencyKey}: a fresh key per tap, so a retry is charged once. */
export async function sendGift({ streamId, giftId, idempotencyKey = crypto.randomUUID() }: { streamId: string; giftId: GiftId; idempotencyKey?: string }): Promise<RecentGift> {
  const res = await apiRequest('POST', `/api/streams/${streamId}/gifts`, { giftId, idempotencyKey });
  return (await res.json()) as RecentGift;
}

export function useSendGift({ streamId, onSuccess, onError }: { streamId: string; onSuccess?: (gift: RecentGift) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (giftId: GiftId) => sendGift({ streamId, giftId }),
    onSuccess: (gift) => {
      queryClient.setQueryData<Wallet>(engagementKeys.wallet(), (wallet) => (wallet ? { balance: Math.max(0, wallet.balance - gift.amount) } : wallet));
      queryClient.setQueryData<RecentGift[]>(engagementKeys.liveGifts(streamId), (kept = []) => keepLiveGift(kept, gift));
      void queryClient.invalidateQueries({ queryKey: engagementKeys.wallet() });
      onSuccess?.(gift);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: engagementKeys.wallet() });
      onError?.(error);
    },
  });
}
