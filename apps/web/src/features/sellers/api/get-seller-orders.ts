import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export const SELLER_ORDERS_URL = '/api/orders/seller';

/** GET /api/orders/seller/{userId}: the orders placed with the signed-in seller's store, newest first, with buyer, items and address. */
export async function getSellerOrders(userId: string): Promise<OrderDetail[]> {
  const res = await apiRequest('GET', `${SELLER_ORDERS_URL}/${userId}`);
  return (await res.json()) as OrderDetail[];
}

export function getSellerOrdersQueryOptions(userId: string) {
  return queryOptions({ queryKey: [SELLER_ORDERS_URL, userId], queryFn: () => getSellerOrders(userId) });
}

export function useSellerOrders(userId: string) {
  return useQuery(getSellerOrdersQueryOptions(userId));
}
