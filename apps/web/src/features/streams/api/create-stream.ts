import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStreamBody, LiveStream } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';
import { LIVE_STREAMS_URL } from './get-live-streams';

/**
 * POST /api/streams: 201 with the new stream (403 for non-sellers, 409 when one is live). Without
 * scheduledFor it goes live now ({isLive: true, startedAt}); with it, the show is announced (issue 13).
 */
export async function createStream(body: CreateStreamBody): Promise<LiveStream> {
  const payload = body.scheduledFor ? body : { ...body, isLive: true, startedAt: new Date().toISOString() };
  const res = await apiRequest('POST', STREAMS_URL, payload);
  return (await res.json()) as LiveStream;
}

type UseCreateStreamOptions = {
  onSuccess?: (stream: LiveStream) => void;
  onError?: (error: Error) => void;
};

export function useCreateStream({ onSuccess, onError }: UseCreateStreamOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStream,
    onSuccess: (stream) => {
      void queryClient.invalidateQueries({ queryKey: [LIVE_STREAMS_URL] });
      void queryClient.invalidateQueries({ queryKey: [STREAMS_URL, 'seller'] });
      if (stream.scheduledFor) void queryClient.invalidateQueries({ queryKey: [STREAMS_URL, 'upcoming'] });
      onSuccess?.(stream);
    },
    onError,
  });
}
