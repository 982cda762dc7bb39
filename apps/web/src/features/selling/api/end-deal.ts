import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deal, EndDealBody } from '@live-market/contract/selling';
import { apiRequest } from '@/lib/api-client';
import { noteServerTime } from '../utils/server-clock';
import { sellingKeys } from './keys';

/** PATCH /api/deals/{id} {isActive: false}: the owner ends the deal early. */
export async function endDeal(dealId: string): Promise<Deal> {
  const body: EndDealBody = { isActive: false };
  const res = await apiRequest('PATCH', `/api/deals/${dealId}`, body);
  const deal = (await res.json()) as Deal;
  noteServerTime(deal.serverNow);
  return deal;
}

export function useEndDeal({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endDeal,
    onSuccess: (deal) => queryClient.setQueryData(sellingKeys.activeDeal(deal.streamId), deal),
    onError,
  });
}
