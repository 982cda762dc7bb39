import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ChatErrorCode } from '@live-market/contract/moderation';

/** A refused chat message, as the composer shows it. 'held' is never one: a held message looks sent to its sender. */
export type ChatRefusalCode = Exclude<ChatErrorCode, 'held'>;

export type ChatRefusal = {
  code: ChatRefusalCode;
  /** When sending opens again (ms since the epoch), for slow mode and a timeout; null for the others. */
  until: number | null;
  /** A new id per refusal, so the composer can put the refused text back once. */
  id: number;
};

/** Client-only: the answer to this user's last refused chat line on this stream. */
export const chatRefusalKey = (streamId: string) => ['chat', streamId, 'refusal'] as const;

let nextId = 0;

/** Remembers a chat_error for the composer; retryAfterSeconds counts from now. */
export function setChatRefusal(queryClient: QueryClient, streamId: string, code: ChatRefusalCode, retryAfterSeconds?: number, now: number = Date.now()): void {
  nextId += 1;
  const until = retryAfterSeconds ? now + retryAfterSeconds * 1000 : null;
  const refusal: ChatRefusal = { code, until, id: nextId };
  queryClient.setQueryData<ChatRefusal | null>(chatRefusalKey(streamId), () => refusal);
}

/** Forgets the refusal when `which` says it no longer holds (whatever it is by default). */
export function clearChatRefusal(queryClient: QueryClient, streamId: string, which: (refusal: ChatRefusal) => boolean = () => true): void {
  queryClient.setQueryData<ChatRefusal | null>(chatRefusalKey(streamId), (current) => (current && which(current) ? null : current));
}

export function useChatRefusal(streamId: string): ChatRefusal | null {
  const { data } = useQuery<ChatRefusal | null>({ queryKey: chatRefusalKey(streamId), queryFn: skipToken });
  return data ?? null;
}
