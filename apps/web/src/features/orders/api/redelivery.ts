import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RedeliveryBody, Tracking } from '@live-market/contract/shipping';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_URL } from './get-orders';
import { getTrackingQueryOptions } from './get-tracking';

export type RedeliveryInput = { orderId: string } & RedeliveryBody;

/**
 * POST /api/orders/{id}/redelivery {addressId?}: after a failed attempt, the courier tries again
 * tomorrow, at the same address or (addressId) one of the buyer's saved ones; answers the tracking.
 * 409 when the parcel is no longer waiting for that choice.
 */
export async function requestRedelivery({ orderId, addressId }: RedeliveryInput): Promise<Tracking> {
  const res = await apiRequest('POST', `${ORDERS_URL}/${orderId}/redelivery`, addressId ? { addressId } : {});
  return (await res.json()) as Tracking;
}

export function useRedelivery({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRedelivery,
    onSuccess: (tracking, { orderId }) => {
      queryClient.setQueryData(getTrackingQueryOptions(orderId).queryKey, tracking);
      onSuccess?.();
    },
    onError,
    // The order's status and address changed with it (or, refused, had already moved on).
    onSettled: (_data, _error, { orderId }) => queryClient.invalidateQueries({ queryKey: [ORDERS_URL, orderId], exact: true }),
  });
}
