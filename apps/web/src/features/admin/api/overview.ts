import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@live-market/contract/admin';
import { getAdmin, OVERVIEW_URL } from './request';

/** GET /api/admin/overview: the queues' lengths. Its 403 is how the console knows the visitor is no operator. */
export function useAdminOverview() {
  return useQuery({ queryKey: [OVERVIEW_URL], queryFn: () => getAdmin<AdminOverview>('/overview'), staleTime: 0 });
}
