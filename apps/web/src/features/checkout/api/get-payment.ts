import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentState } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export const PAYMENT_POLL_MS = 2000;

/** GET /api/payments/{id}: created, captured or failed. The server's word decides, never the gateway page's message. */
export async function getPayment(paymentId: string): Promise<PaymentState> {
  const res = await apiRequest('GET', `/api/payments/${paymentId}`);
  return (await res.json()) as PaymentState;
}

export function getPaymentQueryOptions(paymentId: string) {
  return queryOptions({ queryKey: ['/api/payments', paymentId], queryFn: () => getPayment(paymentId), staleTime: 0 });
}

/** Polls every 2 s while the payment is still open: the fallback when the gateway's message never arrives. */
export function usePaymentPolling(paymentId: string) {
  return useQuery({
    ...getPaymentQueryOptions(paymentId),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'created' ? false : PAYMENT_POLL_MS),
    // A dropped poll on a weak network is not a failed payment: keep asking.
    retry: true,
    retryDelay: PAYMENT_POLL_MS,
  });
}
