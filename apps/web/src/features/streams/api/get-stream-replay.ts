import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Replay } from '@live-market/contract/shows';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';

/** GET /api/streams/{id}/replay: the recorded show with its chat and featured products in time; 404 when there is none. */
export async function getStreamReplay(streamId: string): Promise<Replay> {
  const res = await apiRequest('GET', `${STREAMS_URL}/${streamId}/replay`);
  const replay = (await res.json()) as Partial<Replay> | null;
  // zod stays off the stream page (decision 015): the shape the player relies on is checked by hand.
  if (!replay || typeof replay.videoUrl !== 'string' || !Array.isArray(replay.chat) || !Array.isArray(replay.featured)) {
    throw new Error('Not a replay');
  }
  return replay as Replay;
}

export function getStreamReplayQueryOptions(streamId: string) {
  return queryOptions({ queryKey: [STREAMS_URL, streamId, 'replay'], queryFn: () => getStreamReplay(streamId) });
}

export function useStreamReplay(streamId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getStreamReplayQueryOptions(streamId), enabled });
}
