import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { Product } from '@live-market/contract/products';
import { useStreamProducts } from '../api/get-stream-products';

// vaul loads with the first Quick Buy, not with the page.
const QuickBuySheet = lazy(() => import('../components/quick-buy-sheet').then((m) => ({ default: m.QuickBuySheet })));

/** One Quick Buy sheet for the page, opened from the 'Featured Now' card or any product card. */
export function useQuickBuy(streamId: string): { openQuickBuy: (product: Product) => void; quickBuySheet: ReactNode } {
  const { data: products } = useStreamProducts(streamId);
  const [selected, setSelected] = useState<Product | null>(null);
  const [open, setOpen] = useState(false);

  const openQuickBuy = (product: Product) => {
    // The grid's copy is fresher (stock) than a featured product broadcast a while ago.
    setSelected(products?.find((p) => p.id === product.id) ?? product);
    setOpen(true);
  };

  const quickBuySheet = selected ? (
    <Suspense fallback={null}>
      <QuickBuySheet product={selected} open={open} onOpenChange={setOpen} />
    </Suspense>
  ) : null;

  return { openQuickBuy, quickBuySheet };
}
