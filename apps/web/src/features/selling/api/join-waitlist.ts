import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Deal, WaitlistResult } from '@live-market/contract/selling';
import { apiRequest } from '@/lib/api-client';
import { sellingKeys } from './keys';

/** POST /api/deals/{id}/waitlist: joins a sold-out deal's waitlist (201, or 200 when already on it). */
export async function joinWaitlist(dealId: string): Promise<WaitlistResult> {
  const res = await apiRequest('POST', `/api/deals/${dealId}/waitlist`);
  return (await res.json()) as WaitlistResult;
}

export function useJoinWaitlist({ streamId, onError }: { streamId: string; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: (_, dealId) =>
      queryClient.setQueryData<Deal | null>(sellingKeys.activeDeal(streamId), (deal) =>
        deal && deal.id === dealId ? { ...deal, viewer: { bought: 0, holdUntil: null, ...deal.viewer, waitlisted: true } } : deal,
      ),
    onError,
  });
}
