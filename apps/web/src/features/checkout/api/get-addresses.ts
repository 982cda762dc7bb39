import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export const ADDRESSES_URL = '/api/addresses';

/** GET /api/addresses: the shopper's saved delivery addresses, newest first. */
export async function getAddresses(): Promise<Address[]> {
  const res = await apiRequest('GET', ADDRESSES_URL);
  return (await res.json()) as Address[];
}

export function getAddressesQueryOptions() {
  return queryOptions({ queryKey: [ADDRESSES_URL], queryFn: getAddresses });
}

export function useAddresses() {
  return useQuery(getAddressesQueryOptions());
}
