import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrderBody } from '@live-market/contract/money';
import type { OrderDetail } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_URL } from './get-orders';

export type CancelOrderInput = { orderId: string } & CancelOrderBody;

/**
 * POST /api/orders/{id}/cancel {reason?}: the buyer may cancel until it ships; the stock goes back and a
 * paid order is refunded automatically (issue 26). Answers the order, with its refund.
 */
export async function cancelOrder({ orderId, reason }: CancelOrderInput): Promise<OrderDetail> {
  const res = await apiRequest('POST', `${ORDERS_URL}/${orderId}/cancel`, reason ? { reason } : {});
  return (await res.json()) as OrderDetail;
}

export function useCancelOrder({ onSuccess, onError }: { onSuccess?: (order: OrderDetail) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData([ORDERS_URL, order.id], order);
      void queryClient.invalidateQueries({ queryKey: [ORDERS_URL], exact: true });
      onSuccess?.(order);
    },
    onError,
  });
}
