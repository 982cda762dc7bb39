import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveStream } from '@live-market/contract/streams';
import { getJson } from '@/lib/api-client';

export const LIVE_STREAMS_URL = '/api/streams/live';

/**
 * Issue 25 (decision 038), unlike the spec's default: the list also refreshes when the person comes
 * back to the tab and every 30 s while it is on screen (viewer counts; the fallback while the socket is
 * away). Shows going live or ending arrive over the socket within 2 s (use-lists-live.ts).
 */
export const LIVE_LIST_REFETCH_MS = 30_000;

export async function getLiveStreams(): Promise<LiveStream[]> {
  return (await getJson<LiveStream[]>(LIVE_STREAMS_URL)) ?? [];
}

export function getLiveStreamsQueryOptions() {
  return queryOptions({ queryKey: [LIVE_STREAMS_URL], queryFn: getLiveStreams, refetchInterval: LIVE_LIST_REFETCH_MS, refetchOnWindowFocus: 'always' });
}

export function useLiveStreams() {
  return useQuery(getLiveStreamsQueryOptions());
}
