import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SearchResults, SearchSuggestions, SearchType } from '@live-market/contract/search';
import { getJson } from '@/lib/api-client';

export const SEARCH_URL = '/api/search';
export const SUGGEST_URL = '/api/search/suggest';

export async function getSearchResults(q: string, type: SearchType, cursor?: string): Promise<SearchResults> {
  const params = new URLSearchParams({ q, type });
  if (cursor) params.set('cursor', cursor);
  const empty: SearchResults = { products: [], shows: [], stores: [], nextCursor: null };
  return (await getJson<SearchResults>(`${SEARCH_URL}?${params}`)) ?? empty;
}

/** A tab's results, a page at a time ("Load more" asks for `nextCursor`). */
export function useSearchResults(q: string, type: SearchType) {
  return useInfiniteQuery({
    queryKey: [SEARCH_URL, q, type],
    queryFn: ({ pageParam }) => getSearchResults(q, type, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: q !== '',
    // Back from a show or a product sheet shows the same results at once, not a spinner.
    staleTime: 60_000,
  });
}

export async function getSuggestions(q: string): Promise<SearchSuggestions> {
  return (await getJson<SearchSuggestions>(`${SUGGEST_URL}?${new URLSearchParams({ q })}`)) ?? { suggestions: [] };
}

/** Completions for what is typed (already debounced by the caller); the last list stays while the next one loads. */
export function useSuggestions(q: string) {
  return useQuery({
    queryKey: [SUGGEST_URL, q],
    queryFn: () => getSuggestions(q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
