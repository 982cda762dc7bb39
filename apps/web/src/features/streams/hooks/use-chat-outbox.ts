import { useEffect } from 'react';
import type { ClientMessage } from '@live-market/contract/realtime';
import { getWsClient } from '@/lib/ws-connection';
import { chatOutbox } from './chat-outbox';

type UseChatOutboxOptions = {
  streamId: string;
  userId: string;
  /** A live show: its chat is open. */
  enabled: boolean;
  send: (message: ClientMessage) => boolean;
};

/**
 * Connects the stream's chat outbox to the live connection while the page is open: lines go out
 * through it, and whatever still waits goes again when a new connection opens (after the rooms are
 * joined) or the browser is back online.
 */
export function useChatOutbox({ streamId, userId, enabled, send }: UseChatOutboxOptions): void {
  useEffect(() => {
    if (!enabled) return;
    const outbox = chatOutbox(streamId);
    outbox.setTransport((clientId, message) => send({ type: 'chat_message', streamId, userId, message, clientId }));
    const stopListening = getWsClient().onStatusChange((status) => {
      if (status === 'open') outbox.resend();
    });
    const onOnline = () => outbox.resend();
    window.addEventListener('online', onOnline);
    return () => {
      stopListening();
      window.removeEventListener('online', onOnline);
      outbox.setTransport(null);
    };
  }, [streamId, userId, enabled, send]);
}
