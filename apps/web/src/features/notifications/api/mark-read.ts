import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Notification } from '@live-market/contract/notifications';
import { apiRequest } from '@/lib/api-client';
import { getNotificationsQueryOptions, NOTIFICATIONS_URL } from './get-notifications';
import { getUnreadCountQueryOptions } from './get-unread-count';

/** PATCH /api/notifications/{id}/read: only the user's own (404 otherwise). */
export async function markRead(id: string): Promise<void> {
  await apiRequest('PATCH', `${NOTIFICATIONS_URL}/${id}/read`);
}

/** PATCH /api/notifications/read-all. */
export async function markAllRead(): Promise<void> {
  await apiRequest('PATCH', `${NOTIFICATIONS_URL}/read-all`);
}

/** Marks the matching cached notifications read at once and keeps the badge in step; returns the undo. */
async function markCached(queryClient: QueryClient, which: (n: Notification) => boolean) {
  const list = getNotificationsQueryOptions().queryKey;
  const count = getUnreadCountQueryOptions().queryKey;
  await queryClient.cancelQueries({ queryKey: list });
  const previous = { list: queryClient.getQueryData(list), count: queryClient.getQueryData(count) };
  const marked = previous.list?.filter((n) => !n.isRead && which(n)).length ?? 0;
  queryClient.setQueryData(list, (items) => items?.map((n) => (which(n) ? { ...n, isRead: true } : n)));
  queryClient.setQueryData(count, (n) => (n === undefined ? n : Math.max(0, n - marked)));
  return () => {
    queryClient.setQueryData(list, previous.list);
    queryClient.setQueryData(count, previous.count);
  };
}

type Callbacks = { onSuccess?: () => void; onError?: (error: Error) => void };

export function useMarkRead({ onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: async (id) => ({ undo: await markCached(queryClient, (n) => n.id === id) }),
    onError: (error, _id, context) => {
      context?.undo();
      onError?.(error);
    },
  });
}

export function useMarkAllRead({ onSuccess, onError }: Callbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: async () => ({ undo: await markCached(queryClient, () => true) }),
    onSuccess: () => {
      queryClient.setQueryData(getUnreadCountQueryOptions().queryKey, 0);
      onSuccess?.();
    },
    onError: (error, _v, context) => {
      context?.undo();
      onError?.(error);
    },
  });
}
