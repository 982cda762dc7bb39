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
  /** False while the live connection is not open: a tap then would reach no one. */
  canClear?: boolean;
  /** The label over the card; 'Featured Now' unless given (a replay says when it was featured). */
  heading?: ReactNode;
};

/**
 * SPEC section 4: the product the owner picked, shown to every viewer as 'Featured Now'. Compact (photo,
 * name, price and Quick Buy) so that on a phone it shares the first screen with the video and chat.
 */
export function FeaturedProductCard({ product, onQuickBuy, onClear, canClear = true, wishlist, heading }: FeaturedProductCardProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="featured-now-heading" className="relative mt-2 rounded-[var(--radius-card)] border-2 border-brand-200 bg-gradient-to-br from-brand-50 to-rose-50 px-2 pt-3 pb-2 shadow-sm">
      <h2 id="featured-now-heading" className="absolute -top-2.5 left-3 inline-flex items-center gap-1 rounded-full bg-brand-gradient px-2 py-0.5 text-[11px] leading-tight font-bold tracking-wide text-white uppercase">
        <Sparkles className="size-3" aria-hidden="true" />
        {heading ?? t('stream.featured_now')}
      </h2>
      {/* Photo | the name over the price and Quick Buy (issue 25): the name has the row's whole width, so a
          long one in a long language (Quick Buy runs long in Tamil) wraps to a second line, not to 'Banarasi Si…'. */}
      <div className="flex items-center gap-3">
        <div className="relative shrink-0">
          <ProductImage src={product.imageUrl} priority="eager" className="size-14 rounded-xl md:size-20" />
          {wishlist ? <div className="absolute -bottom-2 -left-2">{wishlist}</div> : null}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-start gap-1">
            <p className="line-clamp-2 min-w-0 flex-1 text-sm leading-snug font-semibold wrap-anywhere md:text-base">{product.name}</p>
            {onClear ? (
              <button
                type="button"
                onClick={onClear}
                disabled={!canClear}
                aria-label={t('stream.clear_featured')}
                className="-mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-white/80 text-muted-foreground hover:text-foreground disabled:opacity-50"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
            <PriceTag price={product.price} originalPrice={product.originalPrice} className="min-w-0 flex-1" />
            <Button size="sm" className="ml-auto shrink-0" onClick={() => onQuickBuy(product)}>
              <Zap aria-hidden="true" />
              {t('stream.quick_buy')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
