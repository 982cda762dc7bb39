import { useInfiniteQuery } from '@tanstack/react-query';
import type { CategoryPage } from '@live-market/contract/search';
import { apiRequest } from '@/lib/api-client';

export const CATEGORIES_URL = '/api/categories';

/** GET /api/categories/{slug}?cursor=: the first page has the category's shows; every page, its products newest first. */
export async function getCategoryPage(slug: string, cursor?: string): Promise<CategoryPage> {
  const url = `${CATEGORIES_URL}/${encodeURIComponent(slug)}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
  return (await (await apiRequest('GET', url)).json()) as CategoryPage;
}

export function useCategoryPage(slug: string) {
  return useInfiniteQuery({
    queryKey: [CATEGORIES_URL, slug],
    queryFn: ({ pageParam }) => getCategoryPage(slug, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  });
}
