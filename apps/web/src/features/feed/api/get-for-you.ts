import { useQuery } from '@tanstack/react-query';
import type { ForYouFeed } from '@live-market/contract/search';
import { apiRequest } from '@/lib/api-client';

export const FOR_YOU_URL = '/api/feed/for-you';

/** GET /api/feed/for-you: shows and products ranked for this shopper. Not prefetched by the server render: Home's first paint shows the row's skeleton. */
export function useForYou() {
  return useQuery({
    queryKey: [FOR_YOU_URL],
    queryFn: async () => (await (await apiRequest('GET', FOR_YOU_URL)).json()) as ForYouFeed,
    // Live shows come and go: asked again when Home comes back after a minute.
    staleTime: 60_000,
  });
}
