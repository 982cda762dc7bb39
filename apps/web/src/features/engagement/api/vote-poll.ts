import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Poll, PollVote } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** POST /api/polls/{pollId}/vote {optionId}: one vote per viewer while the poll is active. */
export async function votePoll({ pollId, optionId }: { pollId: string; optionId: string }): Promise<void> {
  await apiRequest('POST', `/api/polls/${pollId}/vote`, { optionId });
}

export function useVotePoll({ streamId, onSuccess, onError }: { streamId: string; onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: votePoll,
    onSuccess: (_, { pollId, optionId }) => {
      queryClient.setQueryData<PollVote | null>(engagementKeys.myVote(pollId), () => ({ optionId }));
      // Count the vote at once; the next refresh or poll_updated brings the server's numbers.
      queryClient.setQueryData<Poll | null>(engagementKeys.activePoll(streamId), (poll) =>
        poll && poll.id === pollId ? { ...poll, options: poll.options.map((o) => (o.id === optionId ? { ...o, votes: [...o.votes, 1 as const] } : o)) } : poll,
      );
      onSuccess?.();
    },
    onError,
  });
}
