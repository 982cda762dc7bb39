import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadCount } from '@live-market/contract/notifications';
import { apiRequest } from '@/lib/api-client';
import { NOTIFICATIONS_URL } from './get-notifications';

/** GET /api/notifications/unread-count: the header's badge. /ws pushes later changes. */
export async function getUnreadCount(): Promise<number> {
  const res = await apiRequest('GET', `${NOTIFICATIONS_URL}/unread-count`);
  return ((await res.json()) as UnreadCount).count;
}

export function getUnreadCountQueryOptions() {
  return queryOptions({ queryKey: [NOTIFICATIONS_URL, 'unread-count'], queryFn: getUnreadCount });
}

export function useUnreadCount() {
  return useQuery(getUnreadCountQueryOptions());
}
