import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';

/** GET /api/streams/{id}/messages: the chat history, oldest first. New messages arrive over the WebSocket. */
export async function getStreamMessages(streamId: string): Promise<ChatMessage[]> {
  const res = await apiRequest('GET', `${STREAMS_URL}/${streamId}/messages`);
  return (await res.json()) as ChatMessage[];
}

export function getStreamMessagesQueryOptions(streamId: string) {
  return queryOptions({ queryKey: [STREAMS_URL, streamId, 'messages'], queryFn: () => getStreamMessages(streamId) });
}

export function useStreamMessages(streamId: string) {
  return useQuery(getStreamMessagesQueryOptions(streamId));
}
