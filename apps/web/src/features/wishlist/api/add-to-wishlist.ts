import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@live-market/contract/products';
import type { WishlistItem } from '@live-market/contract/wishlist';
import { apiRequest } from '@/lib/api-client';
import { getWishlistQueryOptions } from './get-wishlist';

export type WishlistProduct = Pick<Product, 'id' | 'name' | 'description' | 'imageUrl' | 'price' | 'originalPrice'>;

/** POST /api/wishlist {productId}: idempotent, answers with the (new or existing) item. */
export async function addToWishlist(product: WishlistProduct): Promise<WishlistItem> {
  const res = await apiRequest('POST', '/api/wishlist', { productId: product.id });
  return (await res.json()) as WishlistItem;
}

const PENDING_PREFIX = 'pending:';
export const isPendingItem = (item: WishlistItem) => item.id.startsWith(PENDING_PREFIX);

/** Optimistic: the heart fills at once and empties again if the server refuses. */
export function useAddToWishlist({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = getWishlistQueryOptions();
  return useMutation({
    mutationFn: addToWishlist,
    onMutate: async (product) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      const placeholder: WishlistItem = {
        ...product,
        id: `${PENDING_PREFIX}${product.id}`,
        productId: product.id,
        isAvailable: true,
        createdAt: new Date().toISOString(),
      };
      queryClient.setQueryData(queryKey, (items = []) => [placeholder, ...items.filter((i) => i.productId !== product.id)]);
      return { previous };
    },
    onSuccess: (item) => {
      queryClient.setQueryData(queryKey, (items = []) => [item, ...items.filter((i) => i.productId !== item.productId)]);
    },
    onError: (error, _product, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      onError?.(error);
    },
  });
}
