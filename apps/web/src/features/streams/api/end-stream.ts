import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LiveStream, StreamDetail } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { getStreamQueryOptions, STREAMS_URL } from './get-stream';
import { LIVE_STREAMS_URL } from './get-live-streams';

/** PATCH /api/streams/{id} {isLive: false, endedAt}: the owner ends the stream. */
export async function endStream(streamId: string): Promise<LiveStream> {
  const res = await apiRequest('PATCH', `${STREAMS_URL}/${streamId}`, { isLive: false, endedAt: new Date().toISOString() });
  return (await res.json()) as LiveStream;
}

type UseEndStreamOptions = {
  onSuccess?: (stream: LiveStream) => void;
  onError?: (error: Error) => void;
};

export function useEndStream({ onSuccess, onError }: UseEndStreamOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endStream,
    onSuccess: (ended) => {
      queryClient.setQueryData(getStreamQueryOptions(ended.id).queryKey, (old: StreamDetail | undefined) => (old ? { ...old, ...ended } : old));
      void queryClient.invalidateQueries({ queryKey: [LIVE_STREAMS_URL] });
      void queryClient.invalidateQueries({ queryKey: [STREAMS_URL, 'seller'] });
      onSuccess?.(ended);
    },
    onError,
  });
}
