import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WishlistItem } from '@live-market/contract/wishlist';
import { apiRequest } from '@/lib/api-client';

export const WISHLIST_URL = '/api/wishlist';

/** GET /api/wishlist: the user's items, newest first. */
export async function getWishlist(): Promise<WishlistItem[]> {
  const res = await apiRequest('GET', WISHLIST_URL);
  return (await res.json()) as WishlistItem[];
}

export function getWishlistQueryOptions() {
  return queryOptions({ queryKey: [WISHLIST_URL], queryFn: getWishlist });
}

/** One cached list serves the page and every heart on the product cards. */
export function useWishlist() {
  return useQuery(getWishlistQueryOptions());
}
