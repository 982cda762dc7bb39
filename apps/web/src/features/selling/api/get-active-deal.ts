import { queryOptions } from '@tanstack/react-query';
import type { Deal } from '@live-market/contract/selling';
import { apiRequest } from '@/lib/api-client';
import { noteServerTime } from '../utils/server-clock';
import { sellingKeys } from './keys';
import { SHOWS_WITHOUT } from '@/lib/offline';

/**
 * GET /api/streams/{id}/deal/active: the show's running flash deal (or the last one, shortly after it
 * ended), with what the signed-in viewer has bought, whether they wait and any unit held for them.
 */
export async function getActiveDeal(streamId: string): Promise<Deal | null> {
  const res = await apiRequest('GET', `/api/streams/${streamId}/deal/active`);
  const deal = (await res.json()) as Deal | null;
  if (deal) noteServerTime(deal.serverNow);
  return deal;
}

export function getActiveDealQueryOptions(streamId: string) {
  // deal_update room messages land in the same cache entry.
  return queryOptions({ queryKey: sellingKeys.activeDeal(streamId), queryFn: () => getActiveDeal(streamId), meta: SHOWS_WITHOUT });
}
