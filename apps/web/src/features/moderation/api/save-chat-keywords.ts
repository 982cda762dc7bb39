import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatKeywords } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** PUT /api/seller/chat-keywords {words}: replaces the list; the server cleans and dedupes it and answers with what it kept. */
export async function saveChatKeywords(body: ChatKeywords): Promise<ChatKeywords> {
  const res = await apiRequest('PUT', '/api/seller/chat-keywords', body);
  return (await res.json()) as ChatKeywords;
}

export function useSaveChatKeywords({ sellerId, onSuccess, onError }: { sellerId: string; onSuccess?: (saved: ChatKeywords) => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChatKeywords,
    onSuccess: (saved) => {
      queryClient.setQueryData(moderationKeys.keywords(), saved);
      void queryClient.invalidateQueries({ queryKey: moderationKeys.log(sellerId) });
      onSuccess?.(saved);
    },
    onError,
  });
}
