import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderSummary } from '@live-market/contract/orders';
import type { CreateTicketBody, GrievanceOfficer, Ticket, TicketCreated } from '@live-market/contract/support';
import { apiRequest } from '@/lib/api-client';

export const TICKETS_URL = '/api/support/tickets';

export function useTickets() {
  return useQuery({ queryKey: [TICKETS_URL], queryFn: async () => (await (await apiRequest('GET', TICKETS_URL)).json()) as Ticket[] });
}

/** The buyer's orders, to say which one a complaint is about (the same answer the orders page reads). */
export function useMyOrders() {
  return useQuery({ queryKey: ['/api/orders'], queryFn: async () => (await (await apiRequest('GET', '/api/orders')).json()) as OrderSummary[] });
}

export function useGrievanceOfficer() {
  return useQuery({
    queryKey: ['/api/grievance-officer'],
    queryFn: async () => (await (await apiRequest('GET', '/api/grievance-officer')).json()) as GrievanceOfficer,
    staleTime: Infinity,
  });
}

export function useOpenTicket({ onSuccess, onError }: { onSuccess?: (created: TicketCreated) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTicketBody) => (await (await apiRequest('POST', TICKETS_URL, body)).json()) as TicketCreated,
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TICKETS_URL] }),
  });
}
