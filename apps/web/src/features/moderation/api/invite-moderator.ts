import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddModeratorBody, ModeratorInvitation } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/**
 * POST /api/sellers/{sellerId}/moderators {userId} or {phone}: the owner invites someone to moderate
 * (201, the invitation). They become a moderator only when they accept.
 */
export async function inviteModerator({ sellerId, body }: { sellerId: string; body: AddModeratorBody }): Promise<ModeratorInvitation> {
  const res = await apiRequest('POST', `/api/sellers/${sellerId}/moderators`, body);
  return (await res.json()) as ModeratorInvitation;
}

export function useInviteModerator({ onSuccess, onError }: { onSuccess?: (invitation: ModeratorInvitation) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteModerator,
    onSuccess: (invitation, { sellerId }) => {
      queryClient.setQueryData<ModeratorInvitation[]>(moderationKeys.invitations(sellerId), (list) => (list ? [invitation, ...list] : list));
      onSuccess?.(invitation);
    },
    onError,
  });
}
