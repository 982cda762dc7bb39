import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Refund, RefundMethodBody } from '@live-market/contract/money';
import { apiRequest } from '@/lib/api-client';
import { STORE_CREDIT_URL } from '@/lib/store-credit';
import { ORDERS_URL } from './get-orders';

export type ChooseRefundMethodInput = { orderId: string; refundId: string; body: RefundMethodBody };

/** POST /api/orders/{id}/refunds/{refundId}/method: where a cash-on-delivery order's refund goes (issue 26). */
export async function chooseRefundMethod({ orderId, refundId, body }: ChooseRefundMethodInput): Promise<Refund> {
  const res = await apiRequest('POST', `${ORDERS_URL}/${orderId}/refunds/${refundId}/method`, body);
  return (await res.json()) as Refund;
}

export function useChooseRefundMethod({ onSuccess, onError }: { onSuccess?: (refund: Refund) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseRefundMethod,
    onSuccess: (refund, { orderId }) => {
      void queryClient.invalidateQueries({ queryKey: [ORDERS_URL, orderId] });
      void queryClient.invalidateQueries({ queryKey: [STORE_CREDIT_URL] });
      onSuccess?.(refund);
    },
    onError,
  });
}
