import { useQuery } from '@tanstack/react-query';
import type { AdminTicket, AnswerTicketBody } from '@live-market/contract/admin';
import type { TicketStatus } from '@live-market/contract/support';
import { useAdminAction } from './action';
import { ADMIN_URL, getAdmin, postAdmin } from './request';

export const TICKETS_URL = `${ADMIN_URL}/tickets`;

/** GET /api/admin/tickets?status=: every user's tickets, the clocks' soonest first; no status means all. */
export function useAdminTickets(status: TicketStatus | null) {
  return useQuery({
    queryKey: [TICKETS_URL, status],
    queryFn: () => getAdmin<AdminTicket[]>(status ? `/tickets?${new URLSearchParams({ status })}` : '/tickets'),
    staleTime: 0,
  });
}

/** POST /api/admin/tickets/{id}/answer {message, resolve} */
export function useAnswerTicket() {
  return useAdminAction(({ id, ...body }: { id: string } & AnswerTicketBody) => postAdmin(`/tickets/${id}/answer`, body), [TICKETS_URL]);
}
