import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StreamDetail } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';

export const STREAMS_URL = '/api/streams';

/** GET /api/streams/{id}: the stream, its featured product and its seller; 404 when it does not exist. */
export async function getStream(streamId: string): Promise<StreamDetail> {
  const res = await apiRequest('GET', `${STREAMS_URL}/${streamId}`);
  return (await res.json()) as StreamDetail;
}

export function getStreamQueryOptions(streamId: string) {
  return queryOptions({ queryKey: [STREAMS_URL, streamId], queryFn: () => getStream(streamId) });
}

export function useStream(streamId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getStreamQueryOptions(streamId), enabled });
}
