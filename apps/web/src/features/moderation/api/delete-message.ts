import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportedMessage } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/**
 * DELETE /api/messages/{messageId}: the owner or a moderator takes a line out of the chat. The room's
 * chat_message_deleted removes it from every screen, this one included.
 */
export async function deleteMessage({ messageId }: { messageId: string; streamId: string }): Promise<void> {
  await apiRequest('DELETE', `/api/messages/${messageId}`);
}

export function useDeleteMessage({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_, { messageId, streamId }) => {
      queryClient.setQueryData<ReportedMessage[]>(moderationKeys.reports(streamId), (list) => list?.filter((r) => r.messageId !== messageId));
      onSuccess?.();
    },
    onError,
  });
}
