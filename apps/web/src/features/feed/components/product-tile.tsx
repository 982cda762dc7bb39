import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { formatRupees } from '@/lib/format';
import { openProductSheet } from '@/lib/product-sheet';
import { cn } from '@/lib/utils';

/**
 * A product in a row or grid: its photo, name and price; a tap opens its sheet, whose Buy Now is
 * `onBuy`. Built from what Home loads anyway (not ProductImage and PriceTag): it is on Home's first load.
 */
export function ProductTile({ product, onBuy, className }: { product: Product; onBuy: (product: Product) => void; className?: string }) {
  const { t } = useTranslation();
  const higher = product.originalPrice !== null && Number(product.originalPrice) > Number(product.price);
  return (
    <button
      type="button"
      onClick={() => openProductSheet(product, () => onBuy(product))}
      className={cn('flex flex-col overflow-hidden rounded-2xl border bg-card text-left shadow-sm transition active:scale-[0.98]', className)}
    >
      <span className="block aspect-square w-full overflow-hidden bg-gradient-to-br from-brand-50 to-rose-50">
        {product.imageUrl ? <ResponsiveImage src={product.imageUrl} sizes="176px" width={640} height={640} className="size-full object-cover" /> : null}
      </span>
      <span className="flex flex-1 flex-col gap-1 p-2.5">
        <span className="line-clamp-2 text-sm leading-snug font-semibold">{product.name}</span>
        <span className="mt-auto flex flex-wrap items-baseline gap-x-1.5">
          <span className="font-bold">{formatRupees(product.price)}</span>
          {higher ? (
            <s className="text-xs text-muted-foreground">
              <span className="sr-only">{t('price.original')} </span>
              {formatRupees(product.originalPrice!)}
            </s>
          ) : null}
        </span>
      </span>
    </button>
  );
}
