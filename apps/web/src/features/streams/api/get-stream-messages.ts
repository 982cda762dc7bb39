import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@live-market/contract/streams';
import { apiRequest } from '@/lib/api-client';
import { appendChatMessage } from '../utils/stream-updates';
import { STREAMS_URL } from './get-stream';

/** GET /api/streams/{id}/messages: the chat history, oldest first. New messages arrive over the WebSocket. */
export async function getStreamMessages(streamId: string): Promise<ChatMessage[]> {
  const res = await apiRequest('GET', `${STREAMS_URL}/${streamId}/messages`);
  return (await res.json()) as ChatMessage[];
}

/**
 * The history, plus the lines the live connection brought while it was on its way (issue 25: on a slow
 * network the answer can come after one's own line was echoed, and must not wipe it off the chat).
 */
export function withLiveLines(history: ChatMessage[], cached: ChatMessage[] | undefined): ChatMessage[] {
  const newest = history.at(-1)?.createdAt ?? '';
  return (cached ?? []).filter((line) => line.createdAt > newest).reduce((lines, line) => appendChatMessage(lines, line), history);
}

export function getStreamMessagesQueryOptions(streamId: string) {
  return queryOptions({
    queryKey: [STREAMS_URL, streamId, 'messages'],
    queryFn: async ({ client, queryKey }) => withLiveLines(await getStreamMessages(streamId), client.getQueryData<ChatMessage[]>(queryKey)),
  });
}

export function useStreamMessages(streamId: string) {
  return useQuery(getStreamMessagesQueryOptions(streamId));
}
