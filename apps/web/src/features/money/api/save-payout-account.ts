import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccount, PayoutAccountBody } from '@live-market/contract/money';
import { apiRequest } from '@/lib/api-client';
import { PAYOUT_ACCOUNT_URL } from './get-payout-account';

/** PUT /api/seller/payout-account: a bank account (IFSC and number) or a UPI id; answers it masked. */
export async function savePayoutAccount(body: PayoutAccountBody): Promise<PayoutAccount> {
  const res = await apiRequest('PUT', PAYOUT_ACCOUNT_URL, body);
  return (await res.json()) as PayoutAccount;
}

export function useSavePayoutAccount({ onSuccess, onError }: { onSuccess?: (account: PayoutAccount) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (account) => {
      queryClient.setQueryData([PAYOUT_ACCOUNT_URL], account);
      onSuccess?.(account);
    },
    onError,
  });
}
