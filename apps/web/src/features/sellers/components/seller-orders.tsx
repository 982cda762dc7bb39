import 'virtual:english-load/seller_orders';
import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { ClipboardList } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderItem } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { orderNumber } from '@/lib/orders';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSellerOrders } from '../api/get-seller-orders';
import { useRefundOrderItem } from '../api/refund-order-item';
import { useUpdateOrderStatus } from '../api/update-order-status';
import { parcelFor, parcelMates } from '../utils/parcel';
import { unitsLeft } from '../utils/refunds';
import { SellerOrderRow } from './seller-order-row';

// vaul loads with the first Cancel Order, not with the dashboard.
const ConfirmSheet = lazy(() => import('@/components/ui/confirm-sheet').then((m) => ({ default: m.ConfirmSheet })));
const RefundItemSheet = lazy(() => import('./refund-item-sheet').then((m) => ({ default: m.RefundItemSheet })));
const ShipSheet = lazy(() => import('./ship-sheet').then((m) => ({ default: m.ShipSheet })));

/**
 * The dashboard's 'Orders': the store's orders, newest first, with Ship (issue 27: the courier then moves
 * the order on) and Cancel Order; issue 26: Refund item on a paid order of several items (the buyer is
 * refunded automatically).
 */
export function SellerOrders({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data: orders, isLoading, isError, refetch } = useSellerOrders(userId);
  const [cancelling, setCancelling] = useState<{ order: OrderDetail; open: boolean } | null>(null);
  const update = useUpdateOrderStatus({
    userId,
    onSuccess: (order) => {
      setCancelling(null);
      toast({ title: t('seller_orders.updated_title', { number: orderNumber(order.id) }), description: t(`orders.status_${order.status}`) });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      // The server's reason, e.g. 'A delivered order cannot be marked shipped'.
      toast({ variant: 'destructive', title: t('seller_orders.update_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  const [refunding, setRefunding] = useState<{ order: OrderDetail; item: OrderItem; open: boolean } | null>(null);
  const refund = useRefundOrderItem({
    userId,
    onSuccess: () => {
      setRefunding(null);
      toast({ title: t('seller_orders.refunded_title'), description: t('seller_orders.refunded_body') });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('seller_orders.refund_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  const [shipping, setShipping] = useState<{ order: OrderDetail; open: boolean } | null>(null);
  const newestFirst = [...(orders ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <Card className="p-5">
      <h2 className="text-lg font-bold">
        {t('seller_orders.title')}
        {orders ? <span className="ml-2 text-sm font-medium text-muted-foreground">({orders.length})</span> : null}
      </h2>
      {isLoading ? (
        <div className="mt-4 space-y-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : isError ? (
        <div className="mt-4 space-y-3 text-sm text-muted-foreground">
          <p role="alert">{t('seller_orders.load_error')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : newestFirst.length === 0 ? (
        <div className="mt-4 flex flex-col items-center gap-2 rounded-2xl bg-muted/50 p-6 text-center">
          <ClipboardList className="size-8 text-primary" aria-hidden="true" />
          <p className="font-semibold">{t('seller_orders.empty_title')}</p>
          <p className="text-sm text-muted-foreground">{t('seller_orders.empty_body')}</p>
        </div>
      ) : (
        <ul className="mt-2 divide-y">
          {newestFirst.map((order) => (
            <SellerOrderRow
              key={order.id}
              order={order}
              userId={userId}
              busy={(update.isPending && update.variables?.orderId === order.id) || (refund.isPending && refund.variables?.orderId === order.id)}
              onShip={() => setShipping({ order, open: true })}
              onCancel={() => setCancelling({ order, open: true })}
              // The sheet names what goes back: the units not refunded yet (a return may have taken some).
              onRefundItem={(item) => setRefunding({ order, item: { ...item, quantity: unitsLeft(order, item) }, open: true })}
            />
          ))}
        </ul>
      )}
      {cancelling ? (
        <Suspense fallback={null}>
          <ConfirmSheet
            open={cancelling.open}
            onOpenChange={(open) => setCancelling({ ...cancelling, open })}
            title={t('seller_orders.cancel_title', { number: orderNumber(cancelling.order.id) })}
            description={
              cancelling.order.paymentStatus === 'paid'
                ? t('seller_orders.cancel_body_paid', { amount: formatRupees(cancelling.order.totalAmount) })
                : t('seller_orders.cancel_body')
            }
            confirmLabel={t('orders.yes_cancel')}
            cancelLabel={t('orders.keep_order')}
            pending={update.isPending}
            onConfirm={() => update.mutate({ orderId: cancelling.order.id, status: 'cancelled' })}
          />
        </Suspense>
      ) : null}
      {refunding ? (
        <Suspense fallback={null}>
          <RefundItemSheet
            key={refunding.item.id}
            item={refunding.item}
            open={refunding.open}
            onOpenChange={(open) => setRefunding({ ...refunding, open })}
            pending={refund.isPending}
            onConfirm={(reason) => refund.mutate({ orderId: refunding.order.id, orderItemId: refunding.item.id, ...(reason ? { reason } : {}) })}
          />
        </Suspense>
      ) : null}
      {shipping ? (
        <Suspense fallback={null}>
          <ShipSheet
            key={shipping.order.id}
            order={shipping.order}
            together={parcelMates(shipping.order, orders ?? []).length}
            initial={parcelFor(parcelMates(shipping.order, orders ?? []))}
            userId={userId}
            open={shipping.open}
            onOpenChange={(open) => setShipping({ ...shipping, open })}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
