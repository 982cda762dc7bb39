import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveStream } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';

/** GET /api/streams/seller/{sellerId}: the seller's streams, newest first (the id may also be the seller's user id). */
export async function getSellerStreams(sellerId: string): Promise<LiveStream[]> {
  const res = await apiRequest('GET', `${STREAMS_URL}/seller/${sellerId}`);
  return (await res.json()) as LiveStream[];
}

export function getSellerStreamsQueryOptions(sellerId: string) {
  return queryOptions({ queryKey: [STREAMS_URL, 'seller', sellerId], queryFn: () => getSellerStreams(sellerId) });
}

export function useSellerStreams(sellerId: string) {
  return useQuery(getSellerStreamsQueryOptions(sellerId));
}
