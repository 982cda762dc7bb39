import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// The cart belongs to the cart feature; features do not import each other, so the wishlist has its
// own one-line call and refreshes the cart by its URL key.
const CART_URL = '/api/cart';

/** POST /api/cart/items {productId, quantity: 1}. */
export async function addToCart({ productId }: { productId: string }): Promise<void> {
  await apiRequest('POST', `${CART_URL}/items`, { productId, quantity: 1 });
}

export function useAddToCart({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [CART_URL] });
      onSuccess?.();
    },
    onError,
  });
}
