import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENGAGEMENT_REFRESH_MS } from '@live-market/contract/constants';
import type { Poll } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';
import { SHOWS_WITHOUT } from '@/lib/offline';

/** GET /api/streams/{id}/poll/active: the stream's latest poll, active or ended (null when none). */
export async function getActivePoll(streamId: string): Promise<Poll | null> {
  const res = await apiRequest('GET', `/api/streams/${streamId}/poll/active`);
  return (await res.json()) as Poll | null;
}

export function getActivePollQueryOptions(streamId: string) {
  // SPEC 9: refreshed every 2 s; poll_updated room messages land in the same cache entry at once.
  return queryOptions({ queryKey: engagementKeys.activePoll(streamId), queryFn: () => getActivePoll(streamId), refetchInterval: ENGAGEMENT_REFRESH_MS, meta: SHOWS_WITHOUT });
}

export function useActivePoll(streamId: string) {
  return useQuery(getActivePollQueryOptions(streamId));
}
