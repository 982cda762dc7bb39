import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Moderator } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/sellers/{sellerId}/moderators: the store's moderators (the owner and moderators may read it). */
export async function getModerators(sellerId: string): Promise<Moderator[]> {
  const res = await apiRequest('GET', `/api/sellers/${sellerId}/moderators`);
  return (await res.json()) as Moderator[];
}

export function getModeratorsQueryOptions(sellerId: string) {
  return queryOptions({ queryKey: moderationKeys.moderators(sellerId), queryFn: () => getModerators(sellerId) });
}

export function useModerators(sellerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getModeratorsQueryOptions(sellerId), enabled });
}
