import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ban } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** DELETE /api/sellers/{sellerId}/bans/{userId}: lifts a ban or ends a timeout early. */
export async function unbanUser({ sellerId, userId }: { sellerId: string; userId: string }): Promise<void> {
  await apiRequest('DELETE', `/api/sellers/${sellerId}/bans/${userId}`);
}

export function useUnbanUser({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    onSuccess: (_, { sellerId, userId }) => {
      queryClient.setQueryData<Ban[]>(moderationKeys.bans(sellerId), (list) => list?.filter((b) => b.userId !== userId));
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log(sellerId) });
      onSuccess?.();
    },
    onError,
  });
}
