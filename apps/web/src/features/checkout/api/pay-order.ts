import { useMutation } from '@tanstack/react-query';
import type { PayOrderBody, PlaceOrderResult } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/orders/{orderId}/pay: pays an order that waits for its payment (a won auction, issue 14)
 * with the address and method chosen now; the answer is the same as placing an order.
 */
export async function payOrder({ orderId, body }: { orderId: string; body: PayOrderBody }): Promise<PlaceOrderResult> {
  const res = await apiRequest('POST', `/api/orders/${orderId}/pay`, body);
  return (await res.json()) as PlaceOrderResult;
}

export function usePayOrder() {
  return useMutation({ mutationFn: payOrder });
}
