import 'virtual:english-load/cart';
import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useCart } from '../api/get-cart';
import { openCart } from '../hooks/cart-store';

/** The header's cart button with the number of items in the cart. */
export function CartButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data: cart } = useCart();
  // The badge must never take the header down: anything but a cart counts as empty.
  const count = Array.isArray(cart?.items) ? cart.items.reduce((sum, item) => sum + item.quantity, 0) : 0;
  return (
    <button
      type="button"
      onClick={openCart}
      aria-label={count > 0 ? t('cart.open_with_count', { count }) : t('cart.open')}
      className={cn('relative inline-flex size-10 items-center justify-center rounded-full text-foreground transition hover:bg-muted', className)}
    >
      <ShoppingCart className="size-5" aria-hidden="true" />
      {count > 0 ? (
        <span aria-hidden="true" className="absolute top-0.5 right-0.5 grid h-[1.125rem] min-w-[1.125rem] place-items-center rounded-full bg-primary px-1 text-[10px] leading-none font-bold text-primary-foreground tabular-nums">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </button>
  );
}
