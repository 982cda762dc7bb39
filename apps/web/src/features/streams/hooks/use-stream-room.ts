import { useCallback, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { ClientMessage, ServerMessage } from '@live-market/contract/realtime';
import { inNextTask } from '@/lib/next-task';
import type { ConnectionStatus } from '@/lib/ws-client';
import { getWsClient } from '@/lib/ws-connection';
import { isForStream } from '../utils/stream-updates';

type UseStreamRoomOptions = {
  streamId: string;
  /** The signed-in user's id; without one no connection is opened (SPEC section 6). */
  userId: string | null | undefined;
  /** False for an ended stream: there is no room to join. */
  enabled?: boolean;
  onMessage: (message: ServerMessage) => void;
};

/**
 * The live connection's status, where it is shown (the chat input, the Feature buttons). Its own hook,
 * not part of useStreamRoom's answer: a status change then re-renders what shows it, not the page.
 * Disabled, it is 'idle' and does not listen, so a status change re-renders nothing.
 */
export function useRoomStatus(enabled = true): ConnectionStatus {
  const client = getWsClient();
  return useSyncExternalStore(
    useCallback((notify: () => void) => (enabled ? client.onStatusChange(notify) : () => {}), [client, enabled]),
    () => (enabled ? client.getStatus() : 'idle'),
    () => 'idle' as const,
  );
}

/** Joins the stream's real-time room on the tab's shared WebSocket for as long as the page shows it. */
export function useStreamRoom({ streamId, userId, enabled = true, onMessage }: UseStreamRoomOptions): {
  send: (message: ClientMessage) => boolean;
} {
  const client = getWsClient();
  const handle = useEffectEvent((message: ServerMessage) => {
    if (isForStream(message, streamId)) onMessage(message);
  });

  useEffect(() => {
    if (!enabled || !userId) return;
    return inNextTask(() => {
      const unsubscribe = client.subscribe((message) => handle(message));
      const leave = client.joinStream(streamId, userId);
      return () => {
        unsubscribe();
        leave();
      };
    });
  }, [client, streamId, userId, enabled]);

  const send = useCallback((message: ClientMessage) => client.send(message), [client]);
  return { send };
}
