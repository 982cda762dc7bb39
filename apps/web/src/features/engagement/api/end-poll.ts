import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** PATCH /api/polls/{pollId} {isActive: false}: the owner ends the poll. */
export async function endPoll(pollId: string): Promise<Poll> {
  const res = await apiRequest('PATCH', `/api/polls/${pollId}`, { isActive: false });
  return (await res.json()) as Poll;
}

export function useEndPoll({ onSuccess, onError }: { onSuccess?: (poll: Poll) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endPoll,
    onSuccess: (poll) => {
      queryClient.setQueryData(engagementKeys.activePoll(poll.streamId), poll);
      onSuccess?.(poll);
    },
    onError,
  });
}
