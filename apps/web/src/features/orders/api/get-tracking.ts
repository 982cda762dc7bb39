import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tracking } from '@live-market/contract/shipping';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_URL } from './get-orders';

/** GET /api/orders/{id}/tracking: the courier's scans, newest status and expected day; 404 until the order ships. */
export async function getTracking(orderId: string): Promise<Tracking> {
  const res = await apiRequest('GET', `${ORDERS_URL}/${orderId}/tracking`);
  return (await res.json()) as Tracking;
}

export function getTrackingQueryOptions(orderId: string) {
  // Opening the details asks again: the parcel moves without telling this page.
  return queryOptions({ queryKey: [ORDERS_URL, orderId, 'tracking'], queryFn: () => getTracking(orderId), staleTime: 0 });
}

export function useTracking(orderId: string, enabled: boolean) {
  return useQuery({ ...getTrackingQueryOptions(orderId), enabled });
}
