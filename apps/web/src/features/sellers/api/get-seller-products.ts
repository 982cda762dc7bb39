import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@live-market/contract/products';
import { apiRequest } from '@/lib/api-client';

export const PRODUCTS_URL = '/api/products';

/** GET /api/products/seller/{sellerId}: the store's products, newest first (its owner also gets inactive ones). */
export async function getSellerProducts(sellerId: string): Promise<Product[]> {
  const res = await apiRequest('GET', `${PRODUCTS_URL}/seller/${sellerId}`);
  return (await res.json()) as Product[];
}

export function getSellerProductsQueryOptions(sellerId: string) {
  return queryOptions({ queryKey: [PRODUCTS_URL, 'seller', sellerId], queryFn: () => getSellerProducts(sellerId) });
}

export function useSellerProducts(sellerId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSellerProductsQueryOptions(sellerId), enabled });
}
