import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Moderator } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** DELETE /api/sellers/{sellerId}/moderators/{userId}: the owner removes a moderator. */
export async function removeModerator({ sellerId, userId }: { sellerId: string; userId: string }): Promise<void> {
  await apiRequest('DELETE', `/api/sellers/${sellerId}/moderators/${userId}`);
}

export function useRemoveModerator({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeModerator,
    onSuccess: (_, { sellerId, userId }) => {
      queryClient.setQueryData<Moderator[]>(moderationKeys.moderators(sellerId), (list) => list?.filter((m) => m.userId !== userId));
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log(sellerId) });
      onSuccess?.();
    },
    onError,
  });
}
