import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@live-market/contract/admin';
import { ADMIN_URL, getAdmin } from './request';

export const AUDIT_URL = `${ADMIN_URL}/audit`;

/** GET /api/admin/audit?cursor=: the append-only log, newest first, a page at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: [AUDIT_URL],
    queryFn: ({ pageParam }) => getAdmin<AuditPage>(pageParam ? `/audit?${new URLSearchParams({ cursor: pageParam })}` : '/audit'),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}
