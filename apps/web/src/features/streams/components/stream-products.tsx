import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Skeleton } from '@/components/ui/skeleton';
import { useStreamProducts } from '../api/get-stream-products';
import { ProductCard } from './product-card';

type StreamProductsProps = {
  streamId: string;
  featuredId: string | null;
  onQuickBuy: (product: Product) => void;
  /** Set for the stream owner: features a product for every viewer. */
  onFeature?: (product: Product) => void;
  /** False while the live connection is not open (the Feature buttons wait for it). */
  canFeature?: boolean;
  renderWishlist?: (product: Product) => ReactNode;
  /** The owner's further actions on each card (issue 14: Flash deal, Auction). */
  renderActions?: (product: Product) => ReactNode;
};

/**
 * The seller's products under the stream, each with Buy Now (and Feature for the owner). Memoised:
 * the page re-renders on every live-connection change, the grid only when its own props change.
 */
export const StreamProducts = memo(function StreamProducts({ streamId, featuredId, onQuickBuy, onFeature, canFeature, renderWishlist, renderActions }: StreamProductsProps) {
  const { t } = useTranslation();
  const { data: products, isLoading, error } = useStreamProducts(streamId);

  return (
    <section aria-labelledby="products-heading" className="space-y-3">
      <h2 id="products-heading" className="text-lg font-bold">
        {t('stream.products')}
      </h2>
      {isLoading ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="aspect-[3/4] rounded-2xl" />
          ))}
        </div>
      ) : error ? (
        <p className="text-sm text-muted-foreground">{t('stream.products_error')}</p>
      ) : products && products.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {products.map((product) => (
            <li key={product.id} className="flex">
              <ProductCard product={product} isFeatured={featuredId === product.id} onFeature={onFeature} canFeature={canFeature} onQuickBuy={onQuickBuy} wishlist={renderWishlist?.(product)} actions={renderActions?.(product)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">{t('stream.no_products')}</p>
      )}
    </section>
  );
});
