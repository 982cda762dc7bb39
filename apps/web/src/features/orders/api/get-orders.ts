import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export const ORDERS_URL = '/api/orders';

/** GET /api/orders: the shopper's orders, newest first, each with its store and items. */
export async function getOrders(): Promise<OrderSummary[]> {
  const res = await apiRequest('GET', ORDERS_URL);
  return (await res.json()) as OrderSummary[];
}

export function getOrdersQueryOptions() {
  return queryOptions({ queryKey: [ORDERS_URL], queryFn: getOrders });
}

export function useOrders() {
  return useQuery(getOrdersQueryOptions());
}
