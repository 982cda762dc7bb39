import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentGift } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** GET /api/streams/{id}/gifts: the stream's newest 20 gifts. */
export async function getRecentGifts(streamId: string): Promise<RecentGift[]> {
  const res = await apiRequest('GET', `/api/streams/${streamId}/gifts`);
  return (await res.json()) as RecentGift[];
}

export function getRecentGiftsQueryOptions(streamId: string) {
  return queryOptions({ queryKey: engagementKeys.recentGifts(streamId), queryFn: () => getRecentGifts(streamId) });
}

export function useRecentGifts(streamId: string) {
  return useQuery(getRecentGiftsQueryOptions(streamId));
}
