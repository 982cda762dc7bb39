import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';
import { getStreamReplayQueryOptions } from './get-stream-replay';

/** DELETE /api/streams/{id}/replay: the owner removes the recording; the page then shows the ended show. */
export async function deleteReplay(streamId: string): Promise<void> {
  await apiRequest('DELETE', `${STREAMS_URL}/${streamId}/replay`);
}

type UseDeleteReplayOptions = {
  onSuccess?: (streamId: string) => void;
  onError?: (error: Error) => void;
};

export function useDeleteReplay({ onSuccess, onError }: UseDeleteReplayOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReplay,
    onSuccess: (_, streamId) => {
      queryClient.removeQueries({ queryKey: getStreamReplayQueryOptions(streamId).queryKey });
      void queryClient.invalidateQueries({ queryKey: [STREAMS_URL, 'seller'] });
      onSuccess?.(streamId);
    },
    onError,
  });
}
