import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OVERVIEW_URL } from './request';
import { AUDIT_URL } from './audit';

/**
 * An operator action: whatever its answer, the queues it touches, the tab counts and the audit log are
 * asked again (a failure may mean someone else acted first, so the queue is stale either way).
 */
export function useAdminAction<TVariables, TResult = unknown>(mutationFn: (variables: TVariables) => Promise<TResult>, queues: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([...queues, OVERVIEW_URL, AUDIT_URL].map((url) => queryClient.invalidateQueries({ queryKey: [url] }))),
  });
}
