import 'virtual:english-load/wishlist';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WishlistItem } from '@live-market/contract/wishlist';
import { EmptyPage, LoadError } from '@/components/page-state';
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
    return <LoadError message={t('wishlist.load_error')} retryLabel={t('wishlist.try_again')} onRetry={() => void refetch()} retrying={isRefetching} />;
  }
  if (!items?.length) {
    return <EmptyPage Icon={Heart} title={t('wishlist.empty_title')} body={t('wishlist.empty_body')} href="/" action={t('wishlist.start_shopping')} />;
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
