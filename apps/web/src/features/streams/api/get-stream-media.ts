import type { MediaEndpoints } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';

/**
 * GET /api/streams/{id}/media: where to publish (WHIP) and play (WHEP) this stream. Fetched afresh
 * for every connection attempt, not cached: an external media server's token is short-lived.
 */
export async function getStreamMedia(streamId: string): Promise<MediaEndpoints> {
  const res = await apiRequest('GET', `${STREAMS_URL}/${streamId}/media`);
  return (await res.json()) as MediaEndpoints;
}
