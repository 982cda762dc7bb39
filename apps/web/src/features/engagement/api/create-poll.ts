import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePollBody, Poll } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** POST /api/streams/{id}/polls: the owner starts a poll. */
export async function createPoll({ streamId, body }: { streamId: string; body: CreatePollBody }): Promise<Poll> {
  const res = await apiRequest('POST', `/api/streams/${streamId}/polls`, body);
  return (await res.json()) as Poll;
}

export function useCreatePoll({ onSuccess, onError }: { onSuccess?: (poll: Poll) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPoll,
    onSuccess: (poll) => {
      queryClient.setQueryData(engagementKeys.activePoll(poll.streamId), poll);
      onSuccess?.(poll);
    },
    onError,
  });
}
