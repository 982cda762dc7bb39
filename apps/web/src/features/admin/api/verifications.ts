import { useQuery } from '@tanstack/react-query';
import type { AdminVerification, ApproveVerificationBody, ReasonBody } from '@live-market/contract/admin';
import { useAdminAction } from './action';
import { ADMIN_URL, getAdmin, postAdmin } from './request';

export const VERIFICATIONS_URL = `${ADMIN_URL}/verifications`;

/** GET /api/admin/verifications: pending submissions, oldest first. */
export function useVerifications() {
  return useQuery({ queryKey: [VERIFICATIONS_URL], queryFn: () => getAdmin<AdminVerification[]>('/verifications'), staleTime: 0 });
}

/** POST /api/admin/verifications/{id}/approve {level} */
export function useApproveVerification() {
  return useAdminAction(({ id, ...body }: { id: string } & ApproveVerificationBody) => postAdmin(`/verifications/${id}/approve`, body), [VERIFICATIONS_URL]);
}

/** POST /api/admin/verifications/{id}/reject {reason} */
export function useRejectVerification() {
  return useAdminAction(({ id, ...body }: { id: string } & ReasonBody) => postAdmin(`/verifications/${id}/reject`, body), [VERIFICATIONS_URL]);
}
