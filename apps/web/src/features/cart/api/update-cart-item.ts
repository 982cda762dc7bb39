import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { CART_URL } from './get-cart';

/** PATCH /api/cart/items/{itemId} {quantity}: answers with the whole cart. */
export async function updateCartItem({ itemId, quantity }: { itemId: string; quantity: number }): Promise<Cart> {
  const res = await apiRequest('PATCH', `${CART_URL}/items/${itemId}`, { quantity });
  return (await res.json()) as Cart;
}

/** DELETE /api/cart/items/{itemId}: answers with the whole cart. */
export async function removeCartItem(itemId: string): Promise<Cart> {
  const res = await apiRequest('DELETE', `${CART_URL}/items/${itemId}`);
  return (await res.json()) as Cart;
}

export function useUpdateCartItem({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCartItem,
    onSuccess: (cart) => queryClient.setQueryData([CART_URL], cart),
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: [CART_URL] });
      onError?.(error);
    },
  });
}

export function useRemoveCartItem({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: (cart) => queryClient.setQueryData([CART_URL], cart),
    onError,
  });
}
