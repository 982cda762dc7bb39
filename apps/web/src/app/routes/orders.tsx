import 'virtual:english-load/orders';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cart, Order } from '@live-market/contract/orders';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { getCartQueryOptions } from '@/features/cart/api/get-cart';
import { openCart } from '@/features/cart/hooks/cart-store';
import { getOrdersQueryOptions, useOrders } from '@/features/orders/api/get-orders';
import { OrdersList } from '@/features/orders/components/orders-list';
import { OrderReviews } from '@/features/reviews/components/order-reviews';
import { buyerContact } from '@/features/checkout/utils/buyer-contact';
import { PageHeader } from '../components/page-header';

// The payment sheet (vaul, the address picker, the gateway) loads on the first 'Pay now'.
const PayOrderSheet = lazy(() => import('@/features/checkout/components/pay-order-sheet').then((m) => ({ default: m.PayOrderSheet })));

/**
 * /orders (SPEC section 2): 'My Orders (count)' and the order cards; Reorder fills the cart and opens it;
 * 'Pay now' on an order awaiting payment (a won auction, issue 14) opens checkout's payment sheet.
 */
export function OrdersRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: orders } = useOrders();
  const { user } = useAuth();
  // A new key per open: each payment starts from the address and method.
  const [paying, setPaying] = useState<{ order: Order; open: boolean; key: number } | null>(null);

  const onReordered = (cart: Cart) => {
    queryClient.setQueryData(getCartQueryOptions().queryKey, cart);
    openCart();
  };

  return (
    <>
      <PageHeader title={orders ? t('orders.title_count', { count: orders.length }) : t('pages.orders')} backTo="/profile" />
      <main className="px-4 py-5">
        <OrdersList
          onReordered={onReordered}
          onPay={(order) => setPaying((p) => ({ order, open: true, key: (p?.key ?? 0) + 1 }))}
          renderReviews={(order) => <OrderReviews order={order} />}
        />
      </main>
      {paying ? (
        <Suspense fallback={null}>
          <PayOrderSheet
            key={paying.key}
            order={paying.order}
            open={paying.open}
            onOpenChange={(open) => setPaying({ ...paying, open })}
            onSettled={() => void queryClient.invalidateQueries({ queryKey: getOrdersQueryOptions().queryKey })}
            contact={buyerContact(user)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
