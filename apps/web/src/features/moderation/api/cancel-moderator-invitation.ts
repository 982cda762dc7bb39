import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModeratorInvitation } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** DELETE /api/sellers/{sellerId}/moderator-invitations/{invitationId}: the owner withdraws an invitation. */
export async function cancelModeratorInvitation({ sellerId, invitationId }: { sellerId: string; invitationId: string }): Promise<void> {
  await apiRequest('DELETE', `/api/sellers/${sellerId}/moderator-invitations/${invitationId}`);
}

export function useCancelModeratorInvitation({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelModeratorInvitation,
    onSuccess: (_, { sellerId, invitationId }) => {
      queryClient.setQueryData<ModeratorInvitation[]>(moderationKeys.invitations(sellerId), (list) => list?.filter((i) => i.id !== invitationId));
      onSuccess?.();
    },
    onError,
  });
}
