import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

/** GET /api/addresses: the buyer's saved addresses (the same list and cache key checkout uses). */
export async function getAddresses(): Promise<Address[]> {
  const res = await apiRequest('GET', '/api/addresses');
  return (await res.json()) as Address[];
}

export function useAddresses(enabled: boolean) {
  return useQuery({ ...queryOptions({ queryKey: ['/api/addresses'], queryFn: getAddresses }), enabled });
}
