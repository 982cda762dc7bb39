import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatKeywords } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/seller/chat-keywords: the words that hold a message in the caller's own store's chat. */
export async function getChatKeywords(): Promise<ChatKeywords> {
  const res = await apiRequest('GET', '/api/seller/chat-keywords');
  return (await res.json()) as ChatKeywords;
}

export function getChatKeywordsQueryOptions() {
  return queryOptions({ queryKey: moderationKeys.keywords(), queryFn: getChatKeywords });
}

export function useChatKeywords() {
  return useQuery(getChatKeywordsQueryOptions());
}
