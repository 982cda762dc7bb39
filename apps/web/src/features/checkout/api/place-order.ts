import { useMutation } from '@tanstack/react-query';
import type { PlaceOrderBody, PlaceOrderResult } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/orders: one store's products, an address and a payment method. The idempotency key
 * makes a retry of the same attempt (a double tap, a lost answer on weak 4G) the same order.
 */
export async function placeOrder(body: PlaceOrderBody): Promise<PlaceOrderResult> {
  const res = await apiRequest('POST', '/api/orders', body);
  return (await res.json()) as PlaceOrderResult;
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}
