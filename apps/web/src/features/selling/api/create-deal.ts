import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDealBody, Deal } from '@live-market/contract/selling';
import { apiRequest } from '@/lib/api-client';
import { noteServerTime } from '../utils/server-clock';
import { sellingKeys } from './keys';

/** POST /api/streams/{id}/deals: the owner starts a flash deal (409 with the reason when it cannot run). */
export async function createDeal({ streamId, body }: { streamId: string; body: CreateDealBody }): Promise<Deal> {
  const res = await apiRequest('POST', `/api/streams/${streamId}/deals`, body);
  const deal = (await res.json()) as Deal;
  noteServerTime(deal.serverNow);
  return deal;
}

export function useCreateDeal({ onSuccess, onError }: { onSuccess?: (deal: Deal) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeal,
    onSuccess: (deal) => {
      queryClient.setQueryData(sellingKeys.activeDeal(deal.streamId), deal);
      onSuccess?.(deal);
    },
    onError,
  });
}
