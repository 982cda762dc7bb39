import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowReply, SellerProfile } from '@live-market/contract/sellers';
import { apiRequest } from '@/lib/api-client';
import { getSellerQueryOptions, SELLERS_URL } from './get-seller';

/** POST /api/sellers/{sellerId}/follow (follow: true) or DELETE it (follow: false). 400 for following yourself. */
export async function followSeller({ sellerId, follow }: { sellerId: string; follow: boolean }): Promise<FollowReply> {
  const res = await apiRequest(follow ? 'POST' : 'DELETE', `${SELLERS_URL}/${sellerId}/follow`);
  return (await res.json()) as FollowReply;
}

type UseFollowSellerOptions = {
  onSuccess?: (reply: FollowReply) => void;
  onError?: (error: Error) => void;
};

/** Follows or unfollows a store; the answer updates the cached store (button state and follower count). */
export function useFollowSeller({ onSuccess, onError }: UseFollowSellerOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: followSeller,
    onSuccess: (reply, { sellerId }) => {
      queryClient.setQueryData(getSellerQueryOptions(sellerId).queryKey, (old: SellerProfile | undefined) => (old ? { ...old, ...reply } : old));
      onSuccess?.(reply);
    },
    onError,
  });
}
