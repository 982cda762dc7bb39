import { Sparkles, X, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { Button } from '@/components/ui/button';
import { PriceTag } from '@/components/ui/price-tag';
import { ProductImage } from '@/components/ui/product-image';

type FeaturedProductCardProps = {
  product: Product;
  onQuickBuy: (product: Product) => void;
  /** A slot over the photo's corner: the wishlist heart, passed in by the app. */
  wishlist?: ReactNode;
  /** Only for the stream owner: stop featuring it. */
  onClear?: () => void;
};

/** SPEC section 4: the product the owner picked, shown to every viewer as 'Featured Now'. */
export function FeaturedProductCard({ product, onQuickBuy, onClear, wishlist }: FeaturedProductCardProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="featured-now-heading" className="relative overflow-hidden rounded-[var(--radius-card)] border-2 border-brand-200 bg-gradient-to-br from-brand-50 to-rose-50 p-3 shadow-sm">
      <h2 id="featured-now-heading" className="mb-2 inline-flex items-center gap-1.5 rounded-full bg-brand-gradient px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">
        <Sparkles className="size-3.5" aria-hidden="true" />
        {t('stream.featured_now')}
      </h2>
      {onClear ? (
        <button
          type="button"
          onClick={onClear}
          className="absolute top-2 right-2 inline-flex h-8 items-center gap-1 rounded-full bg-white/80 px-3 text-xs font-semibold text-muted-foreground hover:text-foreground"
        >
          <X className="size-3.5" aria-hidden="true" />
          {t('stream.clear_featured')}
        </button>
      ) : null}
      <div className="flex gap-3">
        <div className="relative shrink-0">
          <ProductImage src={product.imageUrl} className="size-24 rounded-xl" priority="eager" />
          {wishlist ? <div className="absolute -top-1.5 -left-1.5">{wishlist}</div> : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <p className="line-clamp-2 font-semibold leading-snug">{product.name}</p>
          <PriceTag price={product.price} originalPrice={product.originalPrice} />
          <Button size="sm" onClick={() => onQuickBuy(product)} className="mt-auto self-start">
            <Zap aria-hidden="true" />
            {t('stream.quick_buy')}
          </Button>
        </div>
      </div>
    </section>
  );
}
