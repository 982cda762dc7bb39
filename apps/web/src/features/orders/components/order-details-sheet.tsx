import { Loader2, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@live-market/contract/orders';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Button } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-image';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { displayStatus, orderNumber } from '@/lib/orders';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import { OrderTimeline } from './order-timeline';
import { PaymentSummary } from './payment-summary';

type OrderDetailsSheetProps = { orderId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** View Details: items, delivery address, payment, the status timeline, and Cancel Order while pending or confirmed. */
export function OrderDetailsSheet({ orderId, open, onOpenChange }: OrderDetailsSheetProps) {
  const { t } = useTranslation();
  const { data: order, isLoading, isError, refetch } = useOrder(orderId);
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('orders.order_number', { number: orderNumber(orderId) })} description={t('orders.details')} hideDescription>
      {isLoading ? (
        <div className="space-y-3">
          <Skeleton className="h-16 rounded-2xl" />
          <Skeleton className="h-24 rounded-2xl" />
        </div>
      ) : isError || !order ? (
        <div className="flex flex-col items-center gap-3 py-8 text-sm text-muted-foreground">
          <p role="alert">{t('orders.details_error')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : (
        <OrderDetailsBody order={order} />
      )}
    </Sheet>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function OrderDetailsBody({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: t('orders.cancelled_title'), description: t('orders.cancelled_body') });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('orders.cancel_failed'), description: parseApiError(error).userMessage ?? undefined });
    },
  });
  const status = displayStatus(order.status);
  const cancellable = status === 'pending' || status === 'confirmed';
  const { address } = order;

  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-muted-foreground">{order.storeName}</span>
        <OrderStatusBadge status={order.status} />
      </div>
      <Section title={t('orders.items')}>
        <ul className="space-y-3">
          {order.items.map((item, index) => (
            <li key={`${item.productId ?? 'gone'}-${index}`} className="flex items-center gap-3">
              <ProductImage src={item.imageUrl} className="size-12 shrink-0 rounded-lg" />
              <span className="min-w-0 flex-1 text-sm">
                <span className="line-clamp-2 font-medium">{item.name}</span>
                <span className="text-muted-foreground">
                  {formatRupees(item.unitPrice)} × {item.quantity}
                </span>
              </span>
              <span className="text-sm font-semibold tabular-nums">{formatRupees(Number(item.unitPrice) * item.quantity)}</span>
            </li>
          ))}
        </ul>
        <p className="flex justify-between border-t pt-2 text-sm">
          <span>{t('orders.total_amount')}</span>
          <strong className="tabular-nums">{formatRupees(order.totalAmount)}</strong>
        </p>
      </Section>
      {address ? (
        <Section title={t('checkout.delivery_address')}>
          <address className="text-sm not-italic text-muted-foreground">
            <span className="block font-medium text-foreground">
              {address.name} · {address.phone}
            </span>
            {[address.line1, address.line2, address.city].filter(Boolean).join(', ')}, {address.state} {address.pincode}
          </address>
        </Section>
      ) : null}
      <Section title={t('orders.payment')}>
        <p className="text-sm">
          <PaymentSummary order={order} />
        </p>
      </Section>
      <Section title={t('orders.timeline')}>
        <OrderTimeline events={order.events} />
      </Section>
      {cancellable ? (
        confirming ? (
          <div role="alertdialog" aria-label={t('orders.cancel_confirm')} className="space-y-3 rounded-2xl border border-destructive/30 bg-red-50 p-3">
            <p className="text-sm font-semibold">{t('orders.cancel_confirm')}</p>
            <div className="flex gap-2">
              <Button variant="outline" className="flex-1" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                {t('orders.keep_order')}
              </Button>
              <Button variant="destructive" className="flex-1" onClick={() => cancel.mutate(order.id)} disabled={cancel.isPending} aria-busy={cancel.isPending}>
                {cancel.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t('orders.yes_cancel')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline" className="w-full text-destructive" onClick={() => setConfirming(true)}>
            <XCircle aria-hidden="true" />
            {t('orders.cancel_order')}
          </Button>
        )
      ) : null}
    </div>
  );
}
