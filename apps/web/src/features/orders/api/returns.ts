import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReturnBody, ReturnRequest } from '@live-market/contract/shipping';
import { apiRequest } from '@/lib/api-client';
import { orderReturnsKey } from '@/lib/returns';
import { ORDERS_URL } from './get-orders';

export type CreateReturnInput = { orderId: string; body: CreateReturnBody };

/**
 * POST /api/orders/{id}/returns {items, reason, note, photoUrls}: 201 with the return. Only a delivered
 * order within its return window, whole lines, one return under way at a time (409 says which rule).
 */
export async function createReturn({ orderId, body }: CreateReturnInput): Promise<ReturnRequest> {
  const res = await apiRequest('POST', `${ORDERS_URL}/${orderId}/returns`, body);
  return (await res.json()) as ReturnRequest;
}

/** POST /api/returns/{id}/escalate: a refused return of a faulty item goes to LiveMarket's team. */
export async function escalateReturn({ returnId }: { orderId: string; returnId: string }): Promise<ReturnRequest> {
  const res = await apiRequest('POST', `/api/returns/${returnId}/escalate`);
  return (await res.json()) as ReturnRequest;
}

type Callbacks = { onSuccess?: (ret: ReturnRequest) => void; onError?: (error: Error) => void };

/** Both change the order's return status and its list of returns: ask for them again. */
function useReturnMutation<T extends { orderId: string }>(mutationFn: (input: T) => Promise<ReturnRequest>, { onSuccess, onError }: Callbacks) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess,
    onError,
    onSettled: async (_data, _error, { orderId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderReturnsKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: [ORDERS_URL, orderId], exact: true }),
      ]);
    },
  });
}

export const useCreateReturn = (callbacks: Callbacks = {}) => useReturnMutation(createReturn, callbacks);
export const useEscalateReturn = (callbacks: Callbacks = {}) => useReturnMutation(escalateReturn, callbacks);
