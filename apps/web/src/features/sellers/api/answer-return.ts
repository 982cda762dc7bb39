import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerReturnBody, ReturnRequest } from '@live-market/contract/shipping';
import { apiRequest } from '@/lib/api-client';
import { orderReturnsKey } from '@/lib/returns';
import { SELLER_ORDERS_URL } from './get-seller-orders';

export type AnswerReturnInput = { orderId: string; returnId: string; body: AnswerReturnBody };

/**
 * PATCH /api/returns/{id} {status: approved | rejected, note}: the seller's answer to a return. A refusal
 * needs a note for the buyer (400 without); an approval books the courier's pickup from the buyer.
 */
export async function answerReturn({ returnId, body }: AnswerReturnInput): Promise<ReturnRequest> {
  const res = await apiRequest('PATCH', `/api/returns/${returnId}`, body);
  return (await res.json()) as ReturnRequest;
}

export function useAnswerReturn({ userId, onSuccess, onError }: { userId: string; onSuccess?: (ret: ReturnRequest) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerReturn,
    onSuccess,
    onError,
    // The order's return status moved with it (or, refused, the buyer may have been answered already).
    onSettled: async (_data, _error, { orderId }) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderReturnsKey(orderId) }), queryClient.invalidateQueries({ queryKey: [SELLER_ORDERS_URL, userId] })]);
    },
  });
}
