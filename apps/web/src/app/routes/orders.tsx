import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Cart } from '@live-market/contract/orders';
import { getCartQueryOptions } from '@/features/cart/api/get-cart';
import { openCart } from '@/features/cart/hooks/cart-store';
import { useOrders } from '@/features/orders/api/get-orders';
import { OrdersList } from '@/features/orders/components/orders-list';
import { PageHeader } from '../components/page-header';

/** /orders (SPEC section 2): 'My Orders (count)' and the order cards; Reorder fills the cart and opens it. */
export function OrdersRoute() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: orders } = useOrders();

  const onReordered = (cart: Cart) => {
    queryClient.setQueryData(getCartQueryOptions().queryKey, cart);
    openCart();
  };

  return (
    <>
      <PageHeader title={orders ? t('orders.title_count', { count: orders.length }) : t('pages.orders')} backTo="/profile" />
      <main className="px-4 py-5">
        <OrdersList onReordered={onReordered} />
      </main>
    </>
  );
}
