import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StreamKey, StreamKeyStatus } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';

export const STREAM_KEY_URL = '/api/seller/stream-key';

/** GET: whether the seller has a key, since when, and the WHIP URL; never the key. */
export function useStreamKeyStatus() {
  return useQuery({
    queryKey: [STREAM_KEY_URL],
    queryFn: async () => (await (await apiRequest('GET', STREAM_KEY_URL)).json()) as StreamKeyStatus,
  });
}

/** POST: a new key (the old one stops working), returned this once. */
export function useNewStreamKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await (await apiRequest('POST', STREAM_KEY_URL)).json()) as StreamKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [STREAM_KEY_URL] }),
  });
}
