import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENGAGEMENT_REFRESH_MS } from '@live-market/contract/constants';
import type { Quiz } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';
import { SHOWS_WITHOUT } from '@/lib/offline';

/** GET /api/streams/{id}/quiz/active: the stream's latest quiz (correct answers only for the owner); null when none. */
export async function getActiveQuiz(streamId: string): Promise<Quiz | null> {
  const res = await apiRequest('GET', `/api/streams/${streamId}/quiz/active`);
  return (await res.json()) as Quiz | null;
}

export function getActiveQuizQueryOptions(streamId: string) {
  return queryOptions({ queryKey: engagementKeys.activeQuiz(streamId), queryFn: () => getActiveQuiz(streamId), refetchInterval: ENGAGEMENT_REFRESH_MS, meta: SHOWS_WITHOUT });
}

export function useActiveQuiz(streamId: string) {
  return useQuery(getActiveQuizQueryOptions(streamId));
}
