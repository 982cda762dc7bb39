import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductPage } from '@live-market/contract/products';
import { apiRequest } from '@/lib/api-client';

/** GET /api/products/{id}: the product with who sells it (legal name, address, GSTIN). */
export function getProductPageQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ['/api/products', productId] as const,
    queryFn: async () => (await (await apiRequest('GET', `/api/products/${productId}`)).json()) as ProductPage,
    staleTime: 60_000,
  });
}
export const useProductPage = (productId: string) => useQuery(getProductPageQueryOptions(productId));
