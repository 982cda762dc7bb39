import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GiftEarnings } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** GET /api/streams/{id}/gifts/earnings: coins the stream has earned (owner only). */
export async function getGiftEarnings(streamId: string): Promise<GiftEarnings> {
  const res = await apiRequest('GET', `/api/streams/${streamId}/gifts/earnings`);
  return (await res.json()) as GiftEarnings;
}

export function getGiftEarningsQueryOptions(streamId: string) {
  return queryOptions({ queryKey: engagementKeys.giftEarnings(streamId), queryFn: () => getGiftEarnings(streamId) });
}

export function useGiftEarnings(streamId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getGiftEarningsQueryOptions(streamId), enabled });
}
