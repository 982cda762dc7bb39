import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { LedgerLineType, SellerLedger } from '@live-market/contract/money';
import { apiRequest } from '@/lib/api-client';

export const LEDGER_URL = '/api/seller/ledger';

/** The list's filters: a line type and a period of days (yyyy-mm-dd, in India). */
export type LedgerFilter = { type?: LedgerLineType; from?: string; to?: string };

/** GET /api/seller/ledger?from=&to=&type=&cursor=: the balance and a page of lines, newest first. */
export async function getLedger(filter: LedgerFilter, cursor?: string): Promise<SellerLedger> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, cursor })) if (value) params.set(key, value);
  const query = params.toString();
  const res = await apiRequest('GET', query ? `${LEDGER_URL}?${query}` : LEDGER_URL);
  return (await res.json()) as SellerLedger;
}

export function getLedgerQueryOptions(filter: LedgerFilter) {
  return infiniteQueryOptions({
    queryKey: [LEDGER_URL, filter],
    queryFn: ({ pageParam }) => getLedger(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Money moves without the seller doing anything (a delivery, a payout run): ask again on each visit.
    staleTime: 0,
  });
}

/** The pages so far; changing a filter keeps the last list on screen until the new one arrives. */
export function useLedger(filter: LedgerFilter) {
  return useInfiniteQuery({ ...getLedgerQueryOptions(filter), placeholderData: keepPreviousData });
}
