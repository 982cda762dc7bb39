import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export const ORDERS_URL = '/api/orders';

/** GET /api/orders: the shopper's orders, newest first. */
export async function getOrders(): Promise<Order[]> {
  const res = await apiRequest('GET', ORDERS_URL);
  return (await res.json()) as Order[];
}

export function getOrdersQueryOptions() {
  return queryOptions({ queryKey: [ORDERS_URL], queryFn: getOrders });
}

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}
