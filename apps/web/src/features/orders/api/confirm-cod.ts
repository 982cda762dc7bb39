import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_URL } from './get-orders';

/**
 * POST /api/orders/{id}/confirm-cod: the signed-in buyer confirms a cash-on-delivery order above the
 * limit, which lets the seller ship it; 409 once it is cancelled (unconfirmed for 24 hours).
 */
export async function confirmCod(orderId: string): Promise<void> {
  await apiRequest('POST', `${ORDERS_URL}/${orderId}/confirm-cod`);
}

export function useConfirmCod({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmCod,
    // A refusal means the order moved on (cancelled): show what is true now either way.
    onSettled: (_data, _error, orderId) => queryClient.invalidateQueries({ queryKey: [ORDERS_URL, orderId], exact: true }),
    onSuccess,
    onError,
  });
}

/**
 * POST /api/cod-confirmations/{token}: the same, from the link sent by SMS, without signing in.
 * 404 for a link that is not ours, 409 when the order can no longer be confirmed; {message} says which.
 */
export async function confirmCodByToken(token: string): Promise<{ orderId: string }> {
  const res = await apiRequest('POST', `/api/cod-confirmations/${encodeURIComponent(token)}`);
  return (await res.json()) as { orderId: string };
}

export function useConfirmCodByToken() {
  return useMutation({ mutationFn: confirmCodByToken });
}
