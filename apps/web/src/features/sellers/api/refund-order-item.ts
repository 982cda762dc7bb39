import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundItemBody } from '@live-market/contract/money';
import type { OrderDetail } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { SELLER_ORDERS_URL } from './get-seller-orders';

export type RefundOrderItemInput = { orderId: string } & RefundItemBody;

/**
 * POST /api/orders/{id}/refunds {orderItemId, reason?}: the seller refunds one item of several (one
 * cannot be sent, say); the buyer gets its price back automatically and the rest of the order goes on.
 */
export async function refundOrderItem({ orderId, ...body }: RefundOrderItemInput): Promise<OrderDetail> {
  const res = await apiRequest('POST', `/api/orders/${orderId}/refunds`, body);
  return (await res.json()) as OrderDetail;
}

export function useRefundOrderItem({ userId, onSuccess, onError }: { userId: string; onSuccess?: (order: OrderDetail) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrderItem,
    onSuccess: (order) => {
      queryClient.setQueryData<OrderDetail[]>([SELLER_ORDERS_URL, userId], (list) => list?.map((o) => (o.id === order.id ? order : o)));
      onSuccess?.(order);
    },
    onError: (error) => {
      // The order may have moved on (cancelled by the buyer, another item refunded): show what is true now.
      void queryClient.invalidateQueries({ queryKey: [SELLER_ORDERS_URL, userId] });
      onError?.(error);
    },
  });
}
