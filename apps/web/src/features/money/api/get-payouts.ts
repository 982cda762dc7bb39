import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Payout } from '@live-market/contract/money';
import { apiRequest } from '@/lib/api-client';

export const PAYOUTS_URL = '/api/seller/payouts';

/** GET /api/seller/payouts: what was sent to the seller's account, newest first, with its UTR or why it failed. */
export async function getPayouts(): Promise<Payout[]> {
  const res = await apiRequest('GET', PAYOUTS_URL);
  return (await res.json()) as Payout[];
}

export function getPayoutsQueryOptions() {
  return queryOptions({ queryKey: [PAYOUTS_URL], queryFn: getPayouts, staleTime: 0 });
}

export function usePayouts() {
  return useQuery(getPayoutsQueryOptions());
}
