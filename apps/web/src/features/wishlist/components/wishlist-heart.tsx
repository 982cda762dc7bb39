import 'virtual:english-load/wishlist';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { isPendingItem, useAddToWishlist, type WishlistProduct } from '../api/add-to-wishlist';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';

/** The heart on a product card: adds to or removes from the wishlist, filled while it is saved. */
export function WishlistHeart({ product, className }: { product: WishlistProduct; className?: string }) {
  const { t } = useTranslation();
  const { data: items, isLoading } = useWishlist();
  const failed = (message: string) => (error: Error) => {
    if (!handleUnauthorized(error)) toast({ variant: 'destructive', title: t('wishlist.error'), description: message });
  };
  const add = useAddToWishlist({ onError: failed(t('wishlist.add_failed')) });
  const remove = useRemoveFromWishlist({ onError: failed(t('wishlist.remove_failed')) });
  const item = items?.find((i) => i.productId === product.id);
  const saved = !!item;
  // A heart tapped again before the server answered waits: the item's id is not known yet.
  const busy = isLoading || add.isPending || remove.isPending || (item ? isPendingItem(item) : false);

  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t(saved ? 'wishlist.heart_remove' : 'wishlist.heart_add', { name: product.name })}
      disabled={busy}
      onClick={() => (item ? remove.mutate(item) : add.mutate(product))}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-foreground shadow-sm backdrop-blur transition active:scale-90 disabled:opacity-70',
        className,
      )}
    >
      <Heart className={cn('size-5', saved && 'fill-rose-500 text-rose-500')} aria-hidden="true" />
    </button>
  );
}
