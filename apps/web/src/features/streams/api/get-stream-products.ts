import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@live-market/contract/products';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';

/** GET /api/streams/{id}/products: the seller's active products, shown under the video. */
export async function getStreamProducts(streamId: string): Promise<Product[]> {
  const res = await apiRequest('GET', `${STREAMS_URL}/${streamId}/products`);
  return (await res.json()) as Product[];
}

export function getStreamProductsQueryOptions(streamId: string) {
  return queryOptions({ queryKey: [STREAMS_URL, streamId, 'products'], queryFn: () => getStreamProducts(streamId) });
}

export function useStreamProducts(streamId: string) {
  return useQuery(getStreamProductsQueryOptions(streamId));
}
