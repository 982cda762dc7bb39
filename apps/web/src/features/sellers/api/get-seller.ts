import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellerProfile } from '@live-market/contract/sellers';
import { apiRequest } from '@/lib/api-client';

export const SELLERS_URL = '/api/sellers';

/** GET /api/sellers/{sellerId}: the public store and whether the signed-in user follows it. */
export async function getSeller(sellerId: string): Promise<SellerProfile> {
  const res = await apiRequest('GET', `${SELLERS_URL}/${sellerId}`);
  return (await res.json()) as SellerProfile;
}

export function getSellerQueryOptions(sellerId: string) {
  return queryOptions({ queryKey: [SELLERS_URL, sellerId], queryFn: () => getSeller(sellerId) });
}

export function useSeller(sellerId: string) {
  return useQuery(getSellerQueryOptions(sellerId));
}
