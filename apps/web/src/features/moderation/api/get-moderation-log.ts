import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationLogEntry } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/sellers/{sellerId}/moderation-log: who did what to whom in the store's chat, newest first (owner only). */
export async function getModerationLog(sellerId: string): Promise<ModerationLogEntry[]> {
  const res = await apiRequest('GET', `/api/sellers/${sellerId}/moderation-log`);
  return (await res.json()) as ModerationLogEntry[];
}

export function getModerationLogQueryOptions(sellerId: string) {
  return queryOptions({ queryKey: moderationKeys.log(sellerId), queryFn: () => getModerationLog(sellerId) });
}

export function useModerationLog(sellerId: string) {
  return useQuery(getModerationLogQueryOptions(sellerId));
}
