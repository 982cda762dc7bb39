import type { Product } from '@live-market/contract/products';
import { PriceTag } from '@/components/ui/price-tag';
import { ProductImage } from '@/components/ui/product-image';
import { openProductSheet } from '@/lib/product-sheet';
import { cn } from '@/lib/utils';

/** A product in a row or grid: its photo, name and price; a tap opens its sheet, whose Buy Now is `onBuy`. */
export function ProductTile({ product, onBuy, className }: { product: Product; onBuy: (product: Product) => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => openProductSheet(product, () => onBuy(product))}
      className={cn('flex flex-col overflow-hidden rounded-2xl border bg-card text-left shadow-sm transition active:scale-[0.98]', className)}
    >
      <ProductImage src={product.imageUrl} className="aspect-square w-full" sizes="160px" />
      <span className="flex flex-1 flex-col gap-1 p-2.5">
        <span className="line-clamp-2 text-sm leading-snug font-semibold">{product.name}</span>
        <PriceTag price={product.price} originalPrice={product.originalPrice} className="mt-auto" />
      </span>
    </button>
  );
}
