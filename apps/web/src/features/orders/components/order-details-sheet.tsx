import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { XCircle } from 'lucide-react';
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
import { useStateName } from '@/lib/indian-states';
import { displayStatus, orderNumber } from '@/lib/orders';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';
import { useOrder } from '../api/get-order';
import { itemRefunds, wholeOrderRefunds } from '@/lib/refunds';
import { CancelOrderConfirm } from './cancel-order-confirm';
import { CodConfirmBanner } from './cod-confirm-banner';
import { OrderDocuments } from './order-documents';
import { OrderReturns } from './order-returns';
import { OrderTimeline } from './order-timeline';
import { ParcelTracking } from './parcel-tracking';
import { PaymentSummary } from './payment-summary';
import { RefundChoice } from './refund-choice';
import { RedeliveryActions } from './redelivery-actions';
import { RefundLine, RefundStatusBadge } from './refund-line';

type OrderDetailsSheetProps = { orderId: string; open: boolean; onOpenChange: (open: boolean) => void; renderReviews?: (order: OrderDetail) => ReactNode };

/**
 * View Details: items, delivery address, payment, the status timeline, and Cancel Order while pending or
 * confirmed. Issue 26: the refund (and each item refunded alone), the invoice and credit note, and why
 * a cancelled order was cancelled. Issue 27: the parcel's tracking once it has a tracking number; a large
 * cash-on-delivery order's confirmation; another try after a failed delivery; returns of a delivered order.
 */
export function OrderDetailsSheet({ orderId, open, onOpenChange, renderReviews }: OrderDetailsSheetProps) {
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
        <OrderDetailsBody order={order} renderReviews={renderReviews} />
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

function OrderDetailsBody({ order, renderReviews }: { order: OrderDetail; renderReviews?: (order: OrderDetail) => ReactNode }) {
  const { t } = useTranslation();
  const stateName = useStateName();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder({
    onSuccess: (cancelled) => {
      setConfirming(false);
      const description = cancelled.refund ? t('orders.cancelled_refund_body', { amount: formatRupees(cancelled.refund.amount) }) : t('orders.cancelled_body');
      toast({ title: t('orders.cancelled_title'), description });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('orders.cancel_failed'), description: parseApiError(error).userMessage ?? undefined });
    },
  });
  const status = displayStatus(order.status);
  // The buyer may cancel until the order ships (issue 26: POST /cancel; a paid order is refunded);
  // issue 27: once packed in a parcel it is the courier's, even before the status says shipped.
  const cancellable = (status === 'pending' || status === 'confirmed') && !order.parcel;
  const refunds = wholeOrderRefunds(order);
  // Cash on delivery: a refund (of the order or of one item) waits for the buyer to say where it goes.
  const toChoose = order.refunds.filter((r) => r.method === null && r.status === 'pending');
  const { address, codConfirmation } = order;

  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm text-muted-foreground">{order.storeName}</span>
        <OrderStatusBadge status={order.status} />
      </div>
      {status === 'cancelled' && order.cancelReason ? (
        <p className="rounded-2xl bg-muted/50 px-3 py-2 text-sm break-words">{t('orders.cancel_reason_shown', { reason: order.cancelReason })}</p>
      ) : null}
      {codConfirmation && !codConfirmation.confirmed && status === 'confirmed' ? <CodConfirmBanner orderId={order.id} expiresAt={codConfirmation.expiresAt} /> : null}
      {status === 'delivery_failed' ? (
        <div className="space-y-3">
          <p role="status" className="rounded-2xl bg-orange-50 px-3 py-2 text-sm font-medium text-orange-900">
            {t('orders.delivery_failed_message')}
          </p>
          <RedeliveryActions orderId={order.id} pincode={order.address?.pincode ?? null} />
        </div>
      ) : null}
      {toChoose.map((refund) => (
        <RefundChoice key={refund.id} orderId={order.id} refund={refund} />
      ))}
      {refunds.length ? (
        <Section title={t('orders.refund_title')}>
          {refunds.map((refund) => (
            <RefundLine key={refund.id} refund={refund} />
          ))}
        </Section>
      ) : null}
      <Section title={t('orders.items')}>
        <ul className="space-y-3">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-start gap-3">
              <ProductImage src={item.imageUrl} className="size-12 shrink-0 rounded-lg" />
              <span className="min-w-0 flex-1 text-sm">
                <span className="line-clamp-2 font-medium">{item.name}</span>
                <span className="text-muted-foreground">
                  {formatRupees(item.unitPrice)} × {item.quantity}
                </span>
                {itemRefunds(order, item.id).map((refund) => (
                  <span key={refund.id} className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
                    <RefundStatusBadge status={refund.status} />
                    <span className="tabular-nums">{formatRupees(refund.amount)}</span>
                  </span>
                ))}
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
      <OrderReturns order={order} />
      {renderReviews?.(order)}
      <OrderDocuments order={order} />
      {address ? (
        <Section title={t('checkout.delivery_address')}>
          <address className="text-sm not-italic text-muted-foreground">
            <span className="block font-medium text-foreground">
              {address.name} · {address.phone}
            </span>
            {[address.line1, address.line2, address.city].filter(Boolean).join(', ')}, {stateName(address.state)} {address.pincode}
          </address>
        </Section>
      ) : null}
      <Section title={t('orders.payment')}>
        <p className="text-sm">
          <PaymentSummary order={order} />
        </p>
      </Section>
      {order.parcel?.awb ? (
        <Section title={t('orders.tracking')}>
          <ParcelTracking orderId={order.id} parcel={order.parcel} />
        </Section>
      ) : null}
      <Section title={t('orders.timeline')}>
        <OrderTimeline events={order.events} />
      </Section>
      {cancellable ? (
        confirming ? (
          <CancelOrderConfirm order={order} pending={cancel.isPending} onKeep={() => setConfirming(false)} onConfirm={(reason) => cancel.mutate({ orderId: order.id, reason })} />
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
