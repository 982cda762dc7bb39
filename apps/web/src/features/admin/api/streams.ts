import { useQuery } from '@tanstack/react-query';
import type { AdminStream, ReasonBody } from '@live-market/contract/admin';
import { useAdminAction } from './action';
import { ADMIN_URL, getAdmin, postAdmin } from './request';

export const STREAMS_URL = `${ADMIN_URL}/streams`;

/** GET /api/admin/streams: the shows live now. */
export function useAdminStreams() {
  return useQuery({ queryKey: [STREAMS_URL], queryFn: () => getAdmin<AdminStream[]>('/streams'), staleTime: 0 });
}

/** POST /api/admin/streams/{id}/end {reason} */
export function useEndStream() {
  return useAdminAction(({ id, ...body }: { id: string } & ReasonBody) => postAdmin(`/streams/${id}/end`, body), [STREAMS_URL]);
}
