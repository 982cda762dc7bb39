import { Heart, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { WishlistItem } from '@live-market/contract/wishlist';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { handleUnauthorized, useRedirectOnUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAddToCart } from '../api/add-to-cart';
import { useWishlist } from '../api/get-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { WishlistItemCard } from './wishlist-item-card';

// SPEC section 9: the loading skeleton is 3 cards.
const PLACEHOLDER_CARDS = 3;

/** /wishlist's content; the route puts it under the page header with the count. */
export function WishlistPage() {
  const { t } = useTranslation();
  const { data: items, isLoading, error, refetch, isRefetching } = useWishlist();
  useRedirectOnUnauthorized(error);
  const remove = useRemoveFromWishlist({
    onSuccess: () => toast({ title: t('wishlist.removed') }),
    onError: (err) => {
      if (!handleUnauthorized(err)) toast({ variant: 'destructive', title: t('wishlist.error'), description: t('wishlist.remove_failed') });
    },
  });
  const cart = useAddToCart({
    onSuccess: () => toast({ title: t('wishlist.added_to_cart') }),
    onError: (err) => {
      if (!handleUnauthorized(err)) toast({ variant: 'destructive', title: t('wishlist.error'), description: t('wishlist.add_to_cart_failed') });
    },
  });
  const addToCart = (item: WishlistItem) => cart.mutate({ productId: item.productId });

  if (isLoading) {
    return (
      <ul className="space-y-3 p-4" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
          <li key={i} data-testid="wishlist-placeholder">
            <Skeleton className="h-32 rounded-[var(--radius-card)]" />
          </li>
        ))}
      </ul>
    );
  }
  if (error && !items) {
    return (
      <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <p className="text-muted-foreground">{t('wishlist.load_error')}</p>
        <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
          <RotateCcw aria-hidden="true" />
          {t('wishlist.try_again')}
        </Button>
      </div>
    );
  }
  if (!items?.length) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-primary/10 text-primary">
          <Heart className="size-8" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-bold">{t('wishlist.empty_title')}</h2>
        <p className="max-w-xs text-sm text-muted-foreground">{t('wishlist.empty_body')}</p>
        <Link href="/" className={buttonVariants({ className: 'mt-2' })}>
          {t('wishlist.start_shopping')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="space-y-3 p-4">
      {items.map((item) => (
        <li key={item.id}>
          <WishlistItemCard
            item={item}
            onRemove={(i) => remove.mutate(i)}
            onAddToCart={addToCart}
            addingToCart={cart.isPending && cart.variables.productId === item.productId}
          />
        </li>
      ))}
    </ul>
  );
}
