import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServerMessage } from '@live-market/contract/realtime';
import { getWsClient } from '@/lib/ws-connection';
import { moderationKeys } from '../api/keys';

/**
 * The owner's and moderators' reports panel follows chat_reports_update (sent to their own sockets
 * when a line of this stream is reported or deleted). The stream page has joined the room already.
 */
export function useReportsRealtime(streamId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onMessage = (message: ServerMessage) => {
      if (message.type === 'chat_reports_update' && message.streamId === streamId) {
        void queryClient.invalidateQueries({ queryKey: moderationKeys.reports(streamId) });
      }
    };
    return getWsClient().subscribe(onMessage);
  }, [queryClient, streamId]);
}
