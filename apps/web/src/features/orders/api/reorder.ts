import { useMutation } from '@tanstack/react-query';
import type { Cart } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_URL } from './get-orders';

/** POST /api/orders/{id}/reorder: a delivered order's items go back in the cart (capped by stock); answers the cart. */
export async function reorder(orderId: string): Promise<Cart> {
  const res = await apiRequest('POST', `${ORDERS_URL}/${orderId}/reorder`);
  return (await res.json()) as Cart;
}

export function useReorder({ onSuccess, onError }: { onSuccess?: (cart: Cart) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: reorder, onSuccess, onError });
}
