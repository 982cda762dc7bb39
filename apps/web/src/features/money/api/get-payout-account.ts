import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutAccount } from '@live-market/contract/money';
import { apiRequest } from '@/lib/api-client';

export const PAYOUT_ACCOUNT_URL = '/api/seller/payout-account';

/** GET /api/seller/payout-account: the account, its numbers masked; null until the seller adds one. */
export async function getPayoutAccount(): Promise<PayoutAccount | null> {
  const res = await apiRequest('GET', PAYOUT_ACCOUNT_URL);
  return (await res.json()) as PayoutAccount | null;
}

export function getPayoutAccountQueryOptions() {
  return queryOptions({ queryKey: [PAYOUT_ACCOUNT_URL], queryFn: getPayoutAccount });
}

export function usePayoutAccount() {
  return useQuery(getPayoutAccountQueryOptions());
}
