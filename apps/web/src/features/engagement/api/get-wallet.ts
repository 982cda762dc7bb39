import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@live-market/contract/engagement';
import { apiRequest } from '@/lib/api-client';
import { engagementKeys } from './keys';

/** GET /api/wallet: the signed-in user's coin balance. */
export async function getWallet(): Promise<Wallet> {
  const res = await apiRequest('GET', '/api/wallet');
  return (await res.json()) as Wallet;
}

export function getWalletQueryOptions() {
  return queryOptions({ queryKey: engagementKeys.wallet(), queryFn: getWallet });
}

export function useWallet({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWalletQueryOptions(), enabled });
}
