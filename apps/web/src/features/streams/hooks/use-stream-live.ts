import { useQueryClient } from '@tanstack/react-query';
import { createElement, useCallback, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { STREAM_END_VIEWER_REDIRECT_MS } from '@live-market/contract/constants';
import type { Product } from '@live-market/contract/products';
import type { ServerMessage } from '@live-market/contract/realtime';
import type { ChatMessage, StreamDetail } from '@live-market/contract/streams';
import { toast } from '@/lib/toast';
import { LIVE_STREAMS_URL } from '../api/get-live-streams';
import { getStreamQueryOptions } from '../api/get-stream';
import { getStreamMessagesQueryOptions } from '../api/get-stream-messages';
import { EndedToastBody } from '../components/ended-toast';
import { rememberJustEnded } from '../utils/just-ended';
import { appendChatMessage, applyToStreamDetail, removeChatMessage } from '../utils/stream-updates';
import { chatOutbox } from './chat-outbox';
import { useChatOutbox } from './use-chat-outbox';
import { clearChatRefusal, setChatRefusal } from './use-chat-refusal';
import { useDelayedNavigate } from './use-delayed-navigate';
import { useStreamRoom } from './use-stream-room';

/**
 * An `error` that comes back this soon after the user sent a chat line is that line's answer (the
 * server's chat limit: 5 messages per 10 s) and is shown; other real-time errors are only logged (SPEC section 8).
 */
export const CHAT_ERROR_WINDOW_MS = 3000;

type UseStreamLiveOptions = {
  stream: StreamDetail;
  userId: string;
  isOwner: boolean;
  /** The store's Follow button, offered in the toast when the show ends (issue 25). */
  renderFollow?: (seller: StreamDetail['seller']) => ReactNode;
};

/**
 * The stream page's real-time side: joins the room and folds its messages into the query cache,
 * including moderation's (issue 12): a deleted line leaves the chat, new chat settings and a new role
 * apply at once, and the answer to a refused line reaches the composer.
 */
export function useStreamLive({ stream, userId, isOwner, renderFollow }: UseStreamLiveOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();
  const [, navigate] = useLocation();
  const lastChatAt = useRef(0);
  const streamId = stream.id;
  const detailKey = getStreamQueryOptions(streamId).queryKey;
  const messagesKey = getStreamMessagesQueryOptions(streamId).queryKey;

  const onMessage = (message: ServerMessage) => {
    switch (message.type) {
      case 'new_chat_message':
        queryClient.setQueryData(messagesKey, (lines: ChatMessage[] | undefined) => appendChatMessage(lines, message.message));
        // One's own line, answered: its "Sending…" line gives way to it (issue 25).
        if (message.clientId) chatOutbox(streamId).confirm(message.clientId);
        // A line of one's own went through: a ban or followers-only refusal no longer holds. A countdown
        // stays: the server's clock, not this line, says when it ends.
        if (message.message.userId === userId) clearChatRefusal(queryClient, streamId, ({ until }) => until === null);
        return;
      case 'chat_message_deleted':
        queryClient.setQueryData(messagesKey, (lines: ChatMessage[] | undefined) => removeChatMessage(lines, message.messageId));
        return;
      case 'chat_error':
        // A held line is shown to its sender as sent (the server echoed it): nothing to say.
        if (message.code !== 'held') setChatRefusal(queryClient, streamId, message.code, message.retryAfterSeconds);
        // Refused: the line leaves the chat and its text goes back in the box.
        if (message.code !== 'held' && message.clientId) chatOutbox(streamId).remove(message.clientId);
        return;
      case 'chat_settings_update': {
        queryClient.setQueryData(detailKey, (detail: StreamDetail | undefined) => applyToStreamDetail(detail, message));
        const { followersOnly, linksAllowed } = message.chatSettings;
        clearChatRefusal(queryClient, streamId, ({ code }) => (code === 'followers_only' && !followersOnly) || (code === 'link_blocked' && linksAllowed));
        return;
      }
      case 'chat_role_update':
        if (message.sellerId !== stream.sellerId) return;
        // The tools appear (or go) at once; the refetch brings anything else that changed with the role.
        queryClient.setQueryData(detailKey, (detail: StreamDetail | undefined) => applyToStreamDetail(detail, message));
        void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
        if (message.role !== 'viewer') clearChatRefusal(queryClient, streamId);
        return;
      case 'chat_reports_update':
        // The moderation tools listen for it themselves.
        return;
      case 'error':
        if (message.clientId) chatOutbox(streamId).fail(message.clientId);
        if (Date.now() - lastChatAt.current < CHAT_ERROR_WINDOW_MS) toast({ variant: 'destructive', title: message.message });
        else console.warn('[ws] server error', message.message);
        return;
      case 'stream_ended': {
        const detail = queryClient.getQueryData<StreamDetail>(detailKey) ?? stream;
        const wasLive = detail.isLive;
        queryClient.setQueryData(detailKey, (current: StreamDetail | undefined) => applyToStreamDetail(current, message));
        // Home must not list it as LIVE when the viewer lands there (issue 25).
        queryClient.setQueryData([LIVE_STREAMS_URL], (list: Array<{ id: string }> | undefined) => list?.filter((s) => s.id !== streamId));
        // The owner ends the stream from this page and has its own redirect (to the dashboard).
        if (isOwner || !wasLive) return;
        const hasReplay = message.hasReplay ?? false;
        rememberJustEnded({
          streamId,
          sellerId: message.sellerId ?? detail.sellerId,
          storeName: detail.seller.storeName,
          title: detail.title,
          thumbnailUrl: detail.thumbnailUrl,
          hasReplay,
          endedAt: Date.now(),
        });
        // SPEC section 4: a toast, then home after 2 s; the toast offers what comes next (issue 25).
        const shown = toast({
          title: t('stream.ended_toast_title'),
          description: createElement(EndedToastBody, {
            hasReplay,
            follow: renderFollow?.(detail.seller),
            onWatchReplay: () => {
              shown.dismiss();
              // On this page still, the replay takes the place of the ended live view (and its redirect).
              navigate(`/stream/${streamId}?replay`);
            },
          }),
        });
        navigateLater('/', STREAM_END_VIEWER_REDIRECT_MS);
        return;
      }
      default:
        queryClient.setQueryData(detailKey, (detail: StreamDetail | undefined) => applyToStreamDetail(detail, message));
    }
  };

  const { send } = useStreamRoom({ streamId, userId, enabled: stream.isLive, onMessage });

  useChatOutbox({ streamId, userId, enabled: stream.isLive, send });

  /** Always takes the line: it shows as "Sending…" until the server has it, however the connection is. */
  const sendChat = useCallback(
    (text: string) => {
      lastChatAt.current = Date.now();
      chatOutbox(streamId).add(text);
      return true;
    },
    [streamId],
  );

  /**
   * The owner features a product (or clears it with null). Everyone in the room, the owner included,
   * shows it when the server's broadcast arrives: the owner never sees as featured what the server
   * refused or never got (a frame lost to a reconnect).
   */
  const featureProduct = useCallback(
    (product: Product | null) => send({ type: 'product_featured', streamId, product: product ? { id: product.id } : null }),
    [send, streamId],
  );

  const announceEnded = useCallback(() => send({ type: 'stream_ended', streamId }), [send, streamId]);

  return { sendChat, featureProduct, announceEnded };
}
