import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '@live-market/contract/notifications';
import { apiRequest } from '@/lib/api-client';

export const NOTIFICATIONS_URL = '/api/notifications';

/** GET /api/notifications: the user's newest 100, newest first. */
export async function getNotifications(): Promise<Notification[]> {
  const res = await apiRequest('GET', NOTIFICATIONS_URL);
  return (await res.json()) as Notification[];
}

export function getNotificationsQueryOptions() {
  return queryOptions({ queryKey: [NOTIFICATIONS_URL], queryFn: getNotifications });
}

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
