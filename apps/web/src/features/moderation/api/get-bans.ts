import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ban } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/sellers/{sellerId}/bans: the bans and timeouts in force. */
export async function getBans(sellerId: string): Promise<Ban[]> {
  const res = await apiRequest('GET', `/api/sellers/${sellerId}/bans`);
  return (await res.json()) as Ban[];
}

export function getBansQueryOptions(sellerId: string) {
  return queryOptions({ queryKey: moderationKeys.bans(sellerId), queryFn: () => getBans(sellerId) });
}

export function useBans(sellerId: string) {
  return useQuery(getBansQueryOptions(sellerId));
}
