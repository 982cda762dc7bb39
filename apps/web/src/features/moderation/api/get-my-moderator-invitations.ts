import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MyModeratorInvitation } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/moderator-invitations: stores that invite the signed-in person to moderate, waiting for an answer. */
export async function getMyModeratorInvitations(): Promise<MyModeratorInvitation[]> {
  const res = await apiRequest('GET', '/api/moderator-invitations');
  return (await res.json()) as MyModeratorInvitation[];
}

export function getMyModeratorInvitationsQueryOptions() {
  return queryOptions({ queryKey: moderationKeys.myInvitations(), queryFn: getMyModeratorInvitations });
}

/**
 * Read afresh each time the page showing them opens, and again whenever `refreshWhen` (the time the
 * notifications list last changed) moves on: a new invitation arrives as a notification.
 */
export function useMyModeratorInvitations({ refreshWhen = 0 }: { refreshWhen?: number } = {}) {
  const query = useQuery({ ...getMyModeratorInvitationsQueryOptions(), refetchOnMount: 'always' });
  const { refetch } = query;
  const seen = useRef(refreshWhen);
  useEffect(() => {
    if (refreshWhen === seen.current) return;
    // The notifications' first load is not news; only a later change is.
    const first = seen.current === 0;
    seen.current = refreshWhen;
    if (!first) void refetch();
  }, [refreshWhen, refetch]);
  return query;
}
