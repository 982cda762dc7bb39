import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveStream } from '@live-market/contract/streams';
import { getJson } from '@/lib/api-client';

export const LIVE_STREAMS_URL = '/api/streams/live';

export async function getLiveStreams(): Promise<LiveStream[]> {
  return (await getJson<LiveStream[]>(LIVE_STREAMS_URL)) ?? [];
}

export function getLiveStreamsQueryOptions() {
  return queryOptions({ queryKey: [LIVE_STREAMS_URL], queryFn: getLiveStreams });
}

export function useLiveStreams() {
  return useQuery(getLiveStreamsQueryOptions());
}
