import { useQuery } from '@tanstack/react-query';
import type { StoreCredit } from '@live-market/contract/money';
import { apiRequest } from '@/lib/api-client';

export const STORE_CREDIT_URL = '/api/store-credit';

/** GET /api/store-credit: refunds the buyer kept as credit, less what paid for orders (issue 26). */
export async function getStoreCredit(): Promise<StoreCredit> {
  const res = await apiRequest('GET', STORE_CREDIT_URL);
  return (await res.json()) as StoreCredit;
}

/** Shared by checkout (pay with credit) and orders (a refund kept as credit adds to it). */
export function useStoreCredit(enabled = true) {
  return useQuery({ queryKey: [STORE_CREDIT_URL], queryFn: getStoreCredit, enabled, staleTime: 30_000 });
}
