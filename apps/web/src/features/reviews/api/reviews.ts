import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, Review, StoreReviews, StoreTrust } from '@live-market/contract/reviews';
import { apiRequest } from '@/lib/api-client';

export const orderReviewsKey = (orderId: string) => ['/api/orders', orderId, 'reviews'] as const;
export const storeReviewsKey = (sellerId: string) => ['/api/sellers', sellerId, 'reviews'] as const;
export const storeTrustKey = (sellerId: string) => ['/api/sellers', sellerId, 'trust'] as const;

/** GET /api/orders/{id}/reviews: what the buyer said of this order's items. */
export function useOrderReviews(orderId: string, enabled = true) {
  return useQuery({
    queryKey: orderReviewsKey(orderId),
    queryFn: async () => (await (await apiRequest('GET', `/api/orders/${orderId}/reviews`)).json()) as Review[],
    enabled,
  });
}

/** GET /api/sellers/{id}/trust: the store's rating, on-time shipping and cancellations. */
export function getStoreTrustQueryOptions(sellerId: string) {
  return queryOptions({
    queryKey: storeTrustKey(sellerId),
    queryFn: async () => (await (await apiRequest('GET', `/api/sellers/${sellerId}/trust`)).json()) as StoreTrust,
    staleTime: 60_000,
  });
}
export const useStoreTrust = (sellerId: string) => useQuery(getStoreTrustQueryOptions(sellerId));

/** GET /api/sellers/{id}/reviews?cursor=: the rating and the reviews, newest first, a page at a time. */
export function useStoreReviews(sellerId: string, enabled = true) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: storeReviewsKey(sellerId),
      queryFn: async ({ pageParam }) =>
        (await (await apiRequest('GET', `/api/sellers/${sellerId}/reviews${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`)).json()) as StoreReviews,
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
    enabled,
  });
}

type Callbacks<T> = { onSuccess?: (data: T) => void; onError?: (error: Error) => void };

/** POST /api/orders/{id}/reviews: once per delivered item; the store's figures change with it. */
export function useCreateReview(sellerId: string, { onSuccess, onError }: Callbacks<Review> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, body }: { orderId: string; body: CreateReviewBody }) => (await (await apiRequest('POST', `/api/orders/${orderId}/reviews`, body)).json()) as Review,
    onSuccess,
    onError,
    onSettled: async (_data, _error, { orderId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderReviewsKey(orderId) }),
        queryClient.invalidateQueries({ queryKey: storeReviewsKey(sellerId) }),
        queryClient.invalidateQueries({ queryKey: storeTrustKey(sellerId) }),
      ]);
    },
  });
}

/** POST /api/reviews/{id}/reply: the store answers a review, once. */
export function useReplyToReview(sellerId: string, { onSuccess, onError }: Callbacks<Review> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, text }: { reviewId: string; text: string }) => (await (await apiRequest('POST', `/api/reviews/${reviewId}/reply`, { text })).json()) as Review,
    onSuccess,
    onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeReviewsKey(sellerId) }),
  });
}
