import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getWsClient } from '@/lib/ws-connection';
import { getNotificationsQueryOptions } from '../api/get-notifications';
import { getUnreadCountQueryOptions } from '../api/get-unread-count';

/** A pushed count: the badge takes it; a list that disagrees (a new notification came) is refetched. */
export function applyUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData(getUnreadCountQueryOptions().queryKey, count);
  const list = queryClient.getQueryData(getNotificationsQueryOptions().queryKey);
  if (list && list.filter((n) => !n.isRead).length !== count) {
    void queryClient.invalidateQueries({ queryKey: getNotificationsQueryOptions().queryKey, exact: true });
  }
}

/**
 * For the signed-in app: holds the tab's socket open so the server's notifications_unread pushes
 * arrive, and re-reads the count when the socket (re)opens or the tab comes back into view, since
 * pushes sent while disconnected or asleep are lost.
 */
export function useUnreadRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = getWsClient();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions().queryKey });
    const offMessage = client.subscribe((message) => {
      if (message.type === 'notifications_unread') applyUnreadCount(queryClient, message.count);
    });
    const offStatus = client.onStatusChange((status) => {
      if (status === 'open') refresh();
    });
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    const release = client.retain();
    return () => {
      release();
      offMessage();
      offStatus();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient]);
}
