import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PollVote } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** GET /api/polls/{pollId}/vote: the signed-in user's own vote (null when they have not voted). */
export async function getMyVote(pollId: string): Promise<PollVote | null> {
  const res = await apiRequest('GET', `/api/polls/${pollId}/vote`);
  return (await res.json()) as PollVote | null;
}

export function getMyVoteQueryOptions(pollId: string) {
  return queryOptions({ queryKey: engagementKeys.myVote(pollId), queryFn: () => getMyVote(pollId) });
}

/** Asked only with an active poll and a signed-in user (SPEC 7). */
export function useMyVote(pollId: string | undefined, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getMyVoteQueryOptions(pollId ?? ''), enabled: enabled && !!pollId });
}
