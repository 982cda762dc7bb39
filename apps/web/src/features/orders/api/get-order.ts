import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_URL } from './get-orders';

/** GET /api/orders/{id}: items, address, payment and the status timeline. */
export async function getOrder(orderId: string): Promise<OrderDetail> {
  const res = await apiRequest('GET', `${ORDERS_URL}/${orderId}`);
  return (await res.json()) as OrderDetail;
}

export function getOrderQueryOptions(orderId: string) {
  // Opening the details always asks again: the seller may have shipped it since.
  return queryOptions({ queryKey: [ORDERS_URL, orderId], queryFn: () => getOrder(orderId), staleTime: 0 });
}

export function useOrder(orderId: string) {
  return useQuery(getOrderQueryOptions(orderId));
}
