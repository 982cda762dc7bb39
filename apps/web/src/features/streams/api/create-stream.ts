import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStreamBody, LiveStream } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';
import { LIVE_STREAMS_URL } from './get-live-streams';

/** POST /api/streams {title, description, isLive: true, startedAt}: 201 with the new stream (403 for non-sellers, 409 when one is live). */
export async function createStream(body: CreateStreamBody): Promise<LiveStream> {
  const res = await apiRequest('POST', STREAMS_URL, { ...body, isLive: true, startedAt: new Date().toISOString() });
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
      onSuccess?.(stream);
    },
    onError,
  });
}
