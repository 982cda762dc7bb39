import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipmentBody, ShipmentResult } from '@live-market/contract/shipping';
import { apiRequest } from '@/lib/api-client';
import { SELLER_ORDERS_URL } from './get-seller-orders';

export type ShipOrderInput = { orderId: string; body: ShipmentBody };

/**
 * POST /api/orders/{id}/shipment {weightGrams, lengthCm, breadthCm, heightCm}: books the courier. The
 * buyer's other confirmed orders of the same show go in the same parcel (orderIds lists them all);
 * 409 when the store has no pickup address yet.
 */
export async function shipOrder({ orderId, body }: ShipOrderInput): Promise<ShipmentResult> {
  const res = await apiRequest('POST', `/api/orders/${orderId}/shipment`, body);
  return (await res.json()) as ShipmentResult;
}

export function useShipOrder({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    // Every order of the parcel changed (status and parcel), and a failure may mean one moved meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SELLER_ORDERS_URL, userId] }),
  });
}
