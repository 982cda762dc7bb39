import { useQuery } from '@tanstack/react-query';
import type { AdminReturn, DecideReturnBody } from '@live-market/contract/admin';
import { useAdminAction } from './action';
import { ADMIN_URL, getAdmin, postAdmin } from './request';

export const RETURNS_URL = `${ADMIN_URL}/returns`;

/** GET /api/admin/returns: returns the buyer escalated after the store refused them, oldest first. */
export function useEscalatedReturns() {
  return useQuery({ queryKey: [RETURNS_URL], queryFn: () => getAdmin<AdminReturn[]>('/returns'), staleTime: 0 });
}

/** POST /api/admin/returns/{id}/decide {decision: refund | reject, reason} */
export function useDecideReturn() {
  return useAdminAction(({ id, ...body }: { id: string } & DecideReturnBody) => postAdmin(`/returns/${id}/decide`, body), [RETURNS_URL]);
}
