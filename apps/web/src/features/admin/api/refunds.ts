import { useQuery } from '@tanstack/react-query';
import type { AdminOrder, AdminRefundResult, ReasonBody, RefundApproval } from '@live-market/contract/admin';
import { useAdminAction } from './action';
import { ADMIN_URL, getAdmin, postAdmin } from './request';

export const ORDERS_URL = `${ADMIN_URL}/orders`;
export const APPROVALS_URL = `${ADMIN_URL}/refund-approvals`;

/** GET /api/admin/orders/{id}: what an operator needs to refund it. Asks nothing until an id is set. */
export function useAdminOrder(id: string) {
  return useQuery({ queryKey: [ORDERS_URL, id], queryFn: () => getAdmin<AdminOrder>(`/orders/${id}`), enabled: id.length > 0, staleTime: 0 });
}

/** POST /api/admin/orders/{id}/refund {reason}: done at once, or 'awaiting_approval' above the limit. */
export function useRefundOrder() {
  return useAdminAction(
    async ({ id, ...body }: { id: string } & ReasonBody) => (await postAdmin<AdminRefundResult>(`/orders/${id}/refund`, body))!,
    [ORDERS_URL, APPROVALS_URL],
  );
}

/** GET /api/admin/refund-approvals: refunds waiting for a second operator. */
export function useRefundApprovals() {
  return useQuery({ queryKey: [APPROVALS_URL], queryFn: () => getAdmin<RefundApproval[]>('/refund-approvals'), staleTime: 0 });
}

/** POST /api/admin/refund-approvals/{id}/approve | /decline {reason}; 409 when it is one's own request. */
export function useDecideApproval() {
  return useAdminAction(
    ({ id, decision, ...body }: { id: string; decision: 'approve' | 'decline' } & ReasonBody) => postAdmin(`/refund-approvals/${id}/${decision}`, body),
    [APPROVALS_URL, ORDERS_URL],
  );
}
