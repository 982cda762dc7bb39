import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { SELLER_ORDERS_URL } from './get-seller-orders';

// Issue 27: shipped and delivered are the courier's to say now (the tracking moves the order), so the
// seller only confirms a cash-on-delivery order or cancels one that is not in a parcel yet.
export type SellerOrderStatus = 'confirmed' | 'cancelled';

/** PATCH /api/orders/{id} {status}: confirm a pending order, or cancel one before it ships (409 otherwise). */
export async function updateOrderStatus({ orderId, status }: { orderId: string; status: SellerOrderStatus }): Promise<OrderDetail> {
  const res = await apiRequest('PATCH', `/api/orders/${orderId}`, { status });
  return (await res.json()) as OrderDetail;
}

export function useUpdateOrderStatus({ userId, onSuccess, onError }: { userId: string; onSuccess?: (order: OrderDetail) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSuccess: (order) => {
      queryClient.setQueryData<OrderDetail[]>([SELLER_ORDERS_URL, userId], (list) => list?.map((o) => (o.id === order.id ? order : o)));
      onSuccess?.(order);
    },
    onError: (error) => {
      // Someone else (the buyer cancelling, a payment timing out) may have moved it: show what is true now.
      void queryClient.invalidateQueries({ queryKey: [SELLER_ORDERS_URL, userId] });
      onError?.(error);
    },
  });
}
