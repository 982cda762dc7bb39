import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import type { LanguageCode } from '@live-market/contract/i18n';
import type { UpcomingStream } from '@live-market/contract/shows';
import { apiRequest } from '@/lib/api-client';
import { STREAMS_URL } from './get-stream';

/** The key is the URL's parts: the server render fetches a query by joining its key (decision 020). */
export const UPCOMING_STREAMS_KEY = [STREAMS_URL, 'upcoming'] as const;

/**
 * Issue 25 (decision 038): announced, started and cancelled shows arrive over the socket
 * (use-lists-live.ts). Each person's answer comes from the database (whether they asked for a
 * reminder), so it is not polled: it is asked again only when the page or the tab comes back to it
 * and the answer is over a minute old.
 */
export const UPCOMING_LIST_STALE_MS = 60_000;
const following = { staleTime: UPCOMING_LIST_STALE_MS, refetchOnWindowFocus: true } as const;

/** What a list of upcoming shows is narrowed to (the third part of its query key). */
export type UpcomingFilter = { sellerId?: string; language?: LanguageCode };

/**
 * GET /api/streams/upcoming: announced shows, soonest first, each with its store, products and whether
 * the caller asked to be reminded; with sellerId, only that store's (the dashboard's own list); with
 * language, only the shows in it (issue 29).
 */
export async function getUpcomingStreams(filter: UpcomingFilter = {}): Promise<UpcomingStream[]> {
  const params = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const res = await apiRequest('GET', `${UPCOMING_STREAMS_KEY.join('/')}${query}`);
  return (await res.json()) as UpcomingStream[];
}

export function getUpcomingStreamsQueryOptions() {
  return queryOptions({ queryKey: UPCOMING_STREAMS_KEY, queryFn: () => getUpcomingStreams(), ...following });
}

/** Everyone's list, or (issue 29) the shows in one language. */
export function useUpcomingStreams({ enabled = true, language }: { enabled?: boolean; language?: LanguageCode | null } = {}) {
  const filter: UpcomingFilter = language ? { language } : {};
  return useQuery<UpcomingStream[], Error, UpcomingStream[], QueryKey>({
    queryKey: language ? [...UPCOMING_STREAMS_KEY, filter] : UPCOMING_STREAMS_KEY,
    queryFn: () => getUpcomingStreams(filter),
    ...following,
    enabled,
  });
}

export function getSellerUpcomingStreamsQueryOptions(sellerId: string) {
  return queryOptions({ queryKey: [...UPCOMING_STREAMS_KEY, { sellerId }] as const, queryFn: () => getUpcomingStreams({ sellerId }), ...following });
}

export function useSellerUpcomingStreams(sellerId: string) {
  return useQuery(getSellerUpcomingStreamsQueryOptions(sellerId));
}
