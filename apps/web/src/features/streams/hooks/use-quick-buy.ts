import { useCallback } from 'react';
import type { Product } from '@live-market/contract/products';
import { useStreamProducts } from '../api/get-stream-products';

/**
 * Quick Buy ('Featured Now') and Buy Now (any product card) hand the product to the page's onBuy;
 * the app opens checkout over the stream, so the video keeps playing.
 */
export function useQuickBuy(streamId: string, onBuy: (product: Product) => void): (product: Product) => void {
  const { data: products } = useStreamProducts(streamId);
  // The grid's copy is fresher (stock) than a featured product broadcast a while ago. One function
  // while nothing changes, so the product grid is not re-rendered each time the page is.
  return useCallback((product: Product) => onBuy(products?.find((p) => p.id === product.id) ?? product), [products, onBuy]);
}
