import { useQuery } from '@tanstack/react-query';
import type { AdminUser, ReasonBody } from '@live-market/contract/admin';
import { useAdminAction } from './action';
import { ADMIN_URL, getAdmin, postAdmin } from './request';

export const USERS_URL = `${ADMIN_URL}/users`;

/** GET /api/admin/users?q=: by phone (the last digits do), name or store name. Asks nothing until q is set. */
export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: [USERS_URL, q],
    queryFn: () => getAdmin<AdminUser[]>(`/users?${new URLSearchParams({ q })}`),
    enabled: q.length > 0,
    staleTime: 0,
  });
}

/** What an operator can do to a person: their account, or (for a seller) their payouts. */
export type PersonAction = 'suspend' | 'restore' | 'hold' | 'release';

function actionPath(user: AdminUser, action: PersonAction): string {
  if (action === 'suspend' || action === 'restore') return `/users/${user.id}/${action}`;
  return `/sellers/${user.sellerId}/payouts/${action}`;
}

/**
 * POST /api/admin/users/{id}/suspend | /restore, /api/admin/sellers/{id}/payouts/hold | /release, each
 * {reason}; the answer is the person as they are now.
 */
export function usePersonAction() {
  return useAdminAction(
    ({ user, action, ...body }: { user: AdminUser; action: PersonAction } & ReasonBody) => postAdmin<AdminUser>(actionPath(user, action), body),
    [USERS_URL],
  );
}
