import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { PackageOpen } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SKELETON_CARD_COUNT } from '@live-market/contract/constants';
import type { Cart, Order, OrderDetail } from '@live-market/contract/orders';
import { Button, buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized, useRedirectOnUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useOrders } from '../api/get-orders';
import { useReorder } from '../api/reorder';
import { OrderCard } from './order-card';

// The details sheet (vaul) loads on the first View Details.
const OrderDetailsSheet = lazy(() => import('./order-details-sheet').then((m) => ({ default: m.OrderDetailsSheet })));

type OrdersListProps = {
  /** Reorder hands the refreshed cart to the app, which opens it. */
  onReordered: (cart: Cart) => void;
  /** 'Pay now' on an order awaiting its payment: the app opens the payment sheet. */
  onPay?: (order: Order) => void;
  /** Issue 28: a delivered order's 'Rate' section, composed by the route. */
  renderReviews?: (order: OrderDetail) => ReactNode;
};

/** The shopper's orders. */
export function OrdersList({ onReordered, onPay, renderReviews }: OrdersListProps) {
  const { t } = useTranslation();
  const { data: orders, isLoading, error, refetch } = useOrders();
  useRedirectOnUnauthorized(error);
  const [details, setDetails] = useState<{ orderId: string; open: boolean } | null>(null);
  const reorder = useReorder({
    onSuccess: (cart) => {
      toast({ title: t('orders.reordered_title'), description: t('orders.reordered_body') });
      onReordered(cart);
    },
    onError: (err) => {
      if (handleUnauthorized(err)) return;
      toast({ variant: 'destructive', title: t('orders.reorder_failed'), description: parseApiError(err).userMessage ?? undefined });
    },
  });

  if (isLoading) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
          <Skeleton key={i} className="h-44 rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <div className="flex flex-col items-center gap-3 py-12 text-center text-sm text-muted-foreground">
        <p role="alert">{t('orders.load_error')}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          {t('checkout.retry')}
        </Button>
      </div>
    );
  }
  if (!orders?.length) {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-primary/10 text-primary">
          <PackageOpen className="size-8" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-bold">{t('orders.empty_title')}</h2>
        <p className="max-w-xs text-sm text-muted-foreground">{t('orders.empty_body')}</p>
        <Link href="/" className={buttonVariants({ className: 'mt-2' })}>
          {t('orders.start_shopping')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-3">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard
              order={order}
              onViewDetails={(orderId) => setDetails({ orderId, open: true })}
              onReorder={(orderId) => reorder.mutate(orderId)}
              reordering={reorder.isPending && reorder.variables === order.id}
              onPay={onPay}
            />
          </li>
        ))}
      </ul>
      {details ? (
        <Suspense fallback={null}>
          <OrderDetailsSheet key={details.orderId} orderId={details.orderId} open={details.open} onOpenChange={(open) => setDetails({ ...details, open })} renderReviews={renderReviews} />
        </Suspense>
      ) : null}
    </>
  );
}
