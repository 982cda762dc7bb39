import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ban, BanBody } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** POST /api/sellers/{sellerId}/bans {userId, minutes?}: a timeout of 1, 5, 10 or 60 minutes, or a ban until lifted. */
export async function banUser({ sellerId, body }: { sellerId: string; body: BanBody }): Promise<Ban> {
  const res = await apiRequest('POST', `/api/sellers/${sellerId}/bans`, body);
  return (await res.json()) as Ban;
}

export function useBanUser({ onSuccess, onError }: { onSuccess?: (ban: Ban, body: BanBody) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: (ban, { sellerId, body }) => {
      queryClient.setQueryData<Ban[]>(moderationKeys.bans(sellerId), (list) => (list ? [ban, ...list.filter((b) => b.userId !== ban.userId)] : list));
      // A banned moderator is a moderator no more.
      void queryClient.invalidateQueries({ queryKey: moderationKeys.moderators(sellerId) });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log(sellerId) });
      onSuccess?.(ban, body);
    },
    onError,
  });
}
