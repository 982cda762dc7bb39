import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductBody } from '@live-market/contract/products';
import { apiRequest } from '@/lib/api-client';
import { SELLER_DASHBOARD_URL } from './get-seller-dashboard';
import { PRODUCTS_URL } from './get-seller-products';

/** PATCH /api/products/{id} with the whole body: the updated product (403 for someone else's product). */
export async function updateProduct({ id, body }: { id: string; body: ProductBody }): Promise<Product> {
  const res = await apiRequest('PATCH', `${PRODUCTS_URL}/${id}`, body);
  return (await res.json()) as Product;
}

type UseUpdateProductOptions = {
  onSuccess?: (product: Product) => void;
  onError?: (error: Error) => void;
};

/** Saves a product, then refreshes the store's product list and the dashboard figures (active products). */
export function useUpdateProduct({ onSuccess, onError }: UseUpdateProductOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      void queryClient.invalidateQueries({ queryKey: [PRODUCTS_URL, 'seller'] });
      void queryClient.invalidateQueries({ queryKey: [SELLER_DASHBOARD_URL] });
      onSuccess?.(product);
    },
    onError,
  });
}
