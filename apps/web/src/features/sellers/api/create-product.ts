import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductBody } from '@live-market/contract/products';
import { apiRequest } from '@/lib/api-client';
import { SELLER_DASHBOARD_URL } from './get-seller-dashboard';
import { PRODUCTS_URL } from './get-seller-products';

/** POST /api/products: 201 with the new product (403 without a store). */
export async function createProduct(body: ProductBody): Promise<Product> {
  const res = await apiRequest('POST', PRODUCTS_URL, body);
  return (await res.json()) as Product;
}

type UseCreateProductOptions = {
  onSuccess?: (product: Product) => void;
  onError?: (error: Error) => void;
};

/** Creates a product, then refreshes the store's product list and the dashboard figures. */
export function useCreateProduct({ onSuccess, onError }: UseCreateProductOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      void queryClient.invalidateQueries({ queryKey: [PRODUCTS_URL, 'seller'] });
      void queryClient.invalidateQueries({ queryKey: [SELLER_DASHBOARD_URL] });
      onSuccess?.(product);
    },
    onError,
  });
}
