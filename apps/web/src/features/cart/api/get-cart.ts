import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export const CART_URL = '/api/cart';

/** GET /api/cart: the shopper's cart with live prices and stock, and its total. */
export async function getCart(): Promise<Cart> {
  const res = await apiRequest('GET', CART_URL);
  return (await res.json()) as Cart;
}

export function getCartQueryOptions() {
  return queryOptions({ queryKey: [CART_URL], queryFn: getCart });
}

export function useCart({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCartQueryOptions(), enabled });
}
