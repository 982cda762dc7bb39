import 'virtual:english-load/cart';
import 'virtual:english-load/checkout';
import { ShoppingCart, Store, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CART_MAX_QUANTITY, CartItem } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-image';
import { QuantityStepper } from '@/components/ui/quantity-stepper';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCart } from '../api/get-cart';
import { useRemoveCartItem, useUpdateCartItem } from '../api/update-cart-item';
import { groupByStore, isOrderable } from '../utils/group-by-store';

// Typed from the contract's value without importing it (that would bring zod into this chunk).
const MAX_PER_PRODUCT: typeof CART_MAX_QUANTITY = 10;

type CartSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Checkout' on a store: the app opens the checkout sheet with that store's items. */
  onCheckout: (items: CartItem[]) => void;
};

/** The cart, store by store (one order per store), with quantity steppers, remove and a Checkout per store. */
export function CartSheet({ open, onOpenChange, onCheckout }: CartSheetProps) {
  const { t } = useTranslation();
  const { data: cart, isLoading, isError, refetch } = useCart();
  const onError = (error: Error) => {
    if (handleUnauthorized(error)) return;
    toast({ variant: 'destructive', title: t('cart.update_failed'), description: parseApiError(error).userMessage ?? undefined });
  };
  const update = useUpdateCartItem({ onError });
  const remove = useRemoveCartItem({ onError });
  const groups = groupByStore(cart?.items ?? []);

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('cart.title')} description={t('cart.description')} hideDescription>
      {isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-20 rounded-2xl" />
          <Skeleton className="h-20 rounded-2xl" />
        </div>
      ) : isError ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted-foreground">
          <p role="alert">{t('cart.load_error')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <div className="flex flex-col items-center gap-2 py-10 text-center">
          <ShoppingCart className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="font-semibold">{t('cart.empty_title')}</p>
          <p className="text-sm text-muted-foreground">{t('cart.empty_body')}</p>
        </div>
      ) : (
        <div className="space-y-4">
          {groups.map((group) => (
            <section key={group.sellerId} aria-label={group.storeName} className="space-y-3 rounded-2xl border p-3">
              <h3 className="flex items-center gap-2 text-sm font-bold">
                <Store className="size-4 text-brand-600" aria-hidden="true" />
                {group.storeName}
              </h3>
              <ul className="space-y-3">
                {group.items.map((item) => (
                  <li key={item.id} className="flex gap-3">
                    <ProductImage src={item.imageUrl} className="size-16 shrink-0 rounded-xl" />
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <p className="line-clamp-2 text-sm leading-snug font-semibold">{item.name}</p>
                      <p className="text-sm text-muted-foreground">{formatRupees(item.price)}</p>
                      {!isOrderable(item) ? <p className="text-xs font-semibold text-destructive">{item.isActive && item.stockQuantity > 0 ? t('cart.only_left', { count: item.stockQuantity }) : t('checkout.out_of_stock')}</p> : null}
                      <div className="flex items-center gap-2">
                        <QuantityStepper
                          value={item.quantity}
                          max={Math.max(1, Math.min(item.stockQuantity, MAX_PER_PRODUCT))}
                          disabled={update.isPending || remove.isPending}
                          onChange={(quantity) => update.mutate({ itemId: item.id, quantity })}
                          label={t('checkout.quantity_of', { name: item.name })}
                        />
                        <Button variant="ghost" size="icon" className="ml-auto size-10" aria-label={t('cart.remove', { name: item.name })} disabled={remove.isPending} onClick={() => remove.mutate(item.id)}>
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
              <div className="flex items-center justify-between gap-3 border-t pt-3">
                <span className="text-sm">
                  {t('cart.subtotal')} <strong className="tabular-nums">{formatRupees(group.subtotal)}</strong>
                </span>
                <Button size="sm" disabled={!group.items.every(isOrderable)} onClick={() => onCheckout(group.items)} aria-label={t('cart.checkout_store', { store: group.storeName })}>
                  {t('cart.checkout')}
                </Button>
              </div>
            </section>
          ))}
        </div>
      )}
    </Sheet>
  );
}
