import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export const SELLER_ORDERS_URL = '/api/orders/seller';

/** GET /api/orders/seller/{userId}: the orders placed with the signed-in seller's store (only for your own user id). */
export async function getSellerOrders(userId: string): Promise<Order[]> {
  const res = await apiRequest('GET', `${SELLER_ORDERS_URL}/${userId}`);
  return (await res.json()) as Order[];
}

export function getSellerOrdersQueryOptions(userId: string) {
  return queryOptions({ queryKey: [SELLER_ORDERS_URL, userId], queryFn: () => getSellerOrders(userId) });
}

export function useSellerOrders(userId: string) {
  return useQuery(getSellerOrdersQueryOptions(userId));
}
