import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyModeratorInvitation } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

export type InvitationAnswer = 'accept' | 'decline';

/**
 * POST /api/moderator-invitations/{id}/accept or …/decline: the invitee's answer. Accepting makes them
 * a moderator of the store; either way the invitation is gone.
 */
export async function answerModeratorInvitation({ invitation, answer }: { invitation: MyModeratorInvitation; answer: InvitationAnswer }): Promise<void> {
  await apiRequest('POST', `/api/moderator-invitations/${invitation.id}/${answer}`);
}

export function useAnswerModeratorInvitation({
  onSuccess,
  onError,
}: { onSuccess?: (variables: { invitation: MyModeratorInvitation; answer: InvitationAnswer }) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerModeratorInvitation,
    onSuccess: (_, variables) => {
      const storeId = variables.invitation.sellerId;
      queryClient.setQueryData<MyModeratorInvitation[]>(moderationKeys.myInvitations(), (list) => list?.filter((i) => i.sellerId !== storeId));
      onSuccess?.(variables);
    },
    // An invitation that is gone (expired, withdrawn, answered elsewhere) leaves the list too.
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: moderationKeys.myInvitations() });
      onError?.(error);
    },
  });
}
