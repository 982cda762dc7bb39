import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveStream, StreamDetail } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { getStreamQueryOptions, STREAMS_URL } from './get-stream';
import { LIVE_STREAMS_URL } from './get-live-streams';

/** PATCH /api/streams/{id} {isLive: true}: the owner starts an announced show (409 while another of theirs is live). */
export async function startScheduledStream(streamId: string): Promise<LiveStream> {
  const res = await apiRequest('PATCH', `${STREAMS_URL}/${streamId}`, { isLive: true });
  return (await res.json()) as LiveStream;
}

type UseStartScheduledStreamOptions = {
  onSuccess?: (stream: LiveStream) => void;
  onError?: (error: Error) => void;
};

export function useStartScheduledStream({ onSuccess, onError }: UseStartScheduledStreamOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startScheduledStream,
    onSuccess: (started) => {
      queryClient.setQueryData(getStreamQueryOptions(started.id).queryKey, (old: StreamDetail | undefined) => (old ? { ...old, ...started } : old));
      // Live Now, Upcoming and the seller's own list all change.
      void queryClient.invalidateQueries({ queryKey: [LIVE_STREAMS_URL] });
      void queryClient.invalidateQueries({ queryKey: [STREAMS_URL, 'upcoming'] });
      void queryClient.invalidateQueries({ queryKey: [STREAMS_URL, 'seller'] });
      onSuccess?.(started);
    },
    onError,
  });
}
