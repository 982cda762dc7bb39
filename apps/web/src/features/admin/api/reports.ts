import { useQuery } from '@tanstack/react-query';
import type { AdminReport, ResolveReportBody } from '@live-market/contract/admin';
import { useAdminAction } from './action';
import { ADMIN_URL, getAdmin, postAdmin } from './request';

export const REPORTS_URL = `${ADMIN_URL}/reports`;

/** GET /api/admin/reports: reported chat messages across every store, most reported first. */
export function useReports() {
  return useQuery({ queryKey: [REPORTS_URL], queryFn: () => getAdmin<AdminReport[]>('/reports'), staleTime: 0 });
}

/** POST /api/admin/reports/{messageId}/resolve {action: remove | dismiss, reason} */
export function useResolveReport() {
  return useAdminAction(({ messageId, ...body }: { messageId: string } & ResolveReportBody) => postAdmin(`/reports/${messageId}/resolve`, body), [REPORTS_URL]);
}
