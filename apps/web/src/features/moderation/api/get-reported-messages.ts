import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportedMessage } from '@live-market/contract/moderation';
import { apiRequest } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /api/streams/{id}/reports: the stream's reported lines, most reported first (owner and moderators). */
export async function getReportedMessages(streamId: string): Promise<ReportedMessage[]> {
  const res = await apiRequest('GET', `/api/streams/${streamId}/reports`);
  return (await res.json()) as ReportedMessage[];
}

export function getReportedMessagesQueryOptions(streamId: string) {
  return queryOptions({ queryKey: moderationKeys.reports(streamId), queryFn: () => getReportedMessages(streamId) });
}

export function useReportedMessages(streamId: string) {
  return useQuery(getReportedMessagesQueryOptions(streamId));
}
