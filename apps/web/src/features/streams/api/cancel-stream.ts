import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';

/** DELETE /api/streams/{id}: the owner cancels an announced show before it goes live. */
export async function cancelStream(streamId: string): Promise<void> {
  await apiRequest('DELETE', `${STREAMS_URL}/${streamId}`);
}

type UseCancelStreamOptions = {
  onSuccess?: (streamId: string) => void;
  onError?: (error: Error) => void;
};

export function useCancelStream({ onSuccess, onError }: UseCancelStreamOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStream,
    onSuccess: (_, streamId) => {
      void queryClient.invalidateQueries({ queryKey: [STREAMS_URL, 'upcoming'] });
      void queryClient.invalidateQueries({ queryKey: [STREAMS_URL, 'seller'] });
      onSuccess?.(streamId);
    },
    onError,
  });
}
