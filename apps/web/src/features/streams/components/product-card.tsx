import { ShoppingBag, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Button } from '@/components/ui/button';
import { PriceTag } from '@/components/ui/price-tag';
import { ProductImage } from '@/components/ui/product-image';
import { openProductSheet } from '@/lib/product-sheet';

type ProductCardProps = {
  product: Product;
  isFeatured: boolean;
  /** Only for the stream owner: feature this product for every viewer. */
  onFeature?: (product: Product) => void;
  /** False while the page's live connection is not open: a Feature tap then would reach no one. */
  canFeature?: boolean;
  /** Buy Now: checkout for this product. */
  onQuickBuy: (product: Product) => void;
  /** A slot over the photo's corner: the wishlist heart, passed in by the app. */
  wishlist?: ReactNode;
  /** The owner's further actions under Feature (issue 14: Flash deal, Auction), passed in by the app. */
  actions?: ReactNode;
};

export function ProductCard({ product, isFeatured, onFeature, canFeature = true, onQuickBuy, wishlist, actions }: ProductCardProps) {
  const { t } = useTranslation();
  const open = () => openProductSheet(product, () => onQuickBuy(product));
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm" aria-label={product.name}>
      <div className="relative">
        {/* Issue 28: the photo and the name open the product's sheet (origin, returns, who sells it). */}
        <button type="button" className="block w-full" onClick={open} aria-label={t('stream.open_product', { name: product.name })}>
          <ProductImage src={product.imageUrl} className="aspect-square" sizes="(min-width: 768px) 240px, 50vw" />
        </button>
        {wishlist ? <div className="absolute top-1.5 right-1.5">{wishlist}</div> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug">
          <button type="button" className="text-left hover:underline" onClick={open}>
            {product.name}
          </button>
        </h3>
        <PriceTag price={product.price} originalPrice={product.originalPrice} className="mt-auto" />
        <Button size="sm" onClick={() => onQuickBuy(product)} className="w-full">
          <ShoppingBag aria-hidden="true" />
          {t('common.buy_now')}
        </Button>
        {onFeature ? (
          <Button size="sm" variant={isFeatured ? 'secondary' : 'outline'} onClick={() => onFeature(product)} disabled={isFeatured || !canFeature} className="w-full">
            <Sparkles aria-hidden="true" />
            {isFeatured ? t('stream.featured') : t('stream.feature')}
          </Button>
        ) : null}
        {actions}
      </div>
    </article>
  );
}
