import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddModeratorBody, Moderator } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** POST /api/sellers/{sellerId}/moderators {userId} or {phone}: the owner appoints a moderator. */
export async function addModerator({ sellerId, body }: { sellerId: string; body: AddModeratorBody }): Promise<Moderator> {
  const res = await apiRequest('POST', `/api/sellers/${sellerId}/moderators`, body);
  return (await res.json()) as Moderator;
}

export function useAddModerator({ onSuccess, onError }: { onSuccess?: (moderator: Moderator) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addModerator,
    onSuccess: (moderator, { sellerId }) => {
      queryClient.setQueryData<Moderator[]>(moderationKeys.moderators(sellerId), (list) =>
        list ? [...list.filter((m) => m.userId !== moderator.userId), moderator] : list,
      );
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log(sellerId) });
      onSuccess?.(moderator);
    },
    onError,
  });
}
