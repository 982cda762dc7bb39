import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WishlistItem } from '@live-market/contract/wishlist';
import { apiRequest } from '@/lib/api-client';
import { getWishlistQueryOptions, WISHLIST_URL } from './get-wishlist';

/** DELETE /api/wishlist/{id}: only the user's own item (404 otherwise). */
export async function removeFromWishlist(item: Pick<WishlistItem, 'id'>): Promise<void> {
  await apiRequest('DELETE', `${WISHLIST_URL}/${item.id}`);
}

/** Optimistic: the item goes at once and comes back if the server refuses. */
export function useRemoveFromWishlist({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = getWishlistQueryOptions();
  return useMutation({
    mutationFn: removeFromWishlist,
    onMutate: async (item) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (items = []) => items.filter((i) => i.id !== item.id));
      return { previous };
    },
    onSuccess,
    onError: (error, _item, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      onError?.(error);
    },
  });
}
