import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { ORDERS_URL } from './get-orders';

/** PATCH /api/orders/{id} {status: 'cancelled'}: the buyer may cancel while pending or confirmed; the stock goes back. */
export async function cancelOrder(orderId: string): Promise<OrderDetail> {
  const res = await apiRequest('PATCH', `${ORDERS_URL}/${orderId}`, { status: 'cancelled' });
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
