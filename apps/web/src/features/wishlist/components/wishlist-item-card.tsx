import 'virtual:english-load/wishlist';
import { ShoppingCart, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WishlistItem } from '@live-market/contract/wishlist';
import { Button } from '@/components/ui/button';
import { PriceTag } from '@/components/ui/price-tag';
import { ProductImage } from '@/components/ui/product-image';

type WishlistItemCardProps = {
  item: WishlistItem;
  onAddToCart: (item: WishlistItem) => void;
  onRemove: (item: WishlistItem) => void;
  addingToCart: boolean;
};

/** SPEC section 2: image, name, description, rupee price (struck original and percent off when higher), Add to Cart, remove. */
export function WishlistItemCard({ item, onAddToCart, onRemove, addingToCart }: WishlistItemCardProps) {
  const { t } = useTranslation();
  return (
    <article className="flex gap-3 rounded-[var(--radius-card)] border bg-card p-3 shadow-sm" aria-label={item.name}>
      <ProductImage src={item.imageUrl} className="size-24 shrink-0 rounded-xl" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start gap-2">
          <h2 className="line-clamp-2 flex-1 font-semibold leading-snug">{item.name}</h2>
          <button
            type="button"
            onClick={() => onRemove(item)}
            aria-label={t('wishlist.remove', { name: item.name })}
            className="-mt-1 -mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-destructive"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
        {item.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p> : null}
        <PriceTag price={item.price} originalPrice={item.originalPrice} />
        <Button size="sm" className="mt-1 self-start" disabled={!item.isAvailable || addingToCart} onClick={() => onAddToCart(item)}>
          <ShoppingCart aria-hidden="true" />
          {item.isAvailable ? t('wishlist.add_to_cart') : t('wishlist.unavailable')}
        </Button>
      </div>
    </article>
  );
}
