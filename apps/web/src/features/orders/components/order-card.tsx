import 'virtual:english-load/orders';
import { Eye, Gavel, Loader2, RotateCcw, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderSummary } from '@live-market/contract/orders';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { displayStatus, orderNumber } from '@/lib/orders';
import { OrderCardItems } from './order-card-items';
import { PaymentSummary } from './payment-summary';

type OrderCardProps = {
  order: OrderSummary;
  onViewDetails: (orderId: string) => void;
  onReorder: (orderId: string) => void;
  reordering: boolean;
  /** 'Pay now' on an order waiting for its payment (a won auction), composed by the app. */
  onPay?: (order: Order) => void;
};

/** An order that waits for its payment until payBy (issue 14: a won auction; address and method are chosen when paying). */
export function awaitsPayment(order: Pick<Order, 'payBy' | 'status' | 'paymentStatus'>): boolean {
  return order.payBy !== null && order.status === 'pending' && order.paymentStatus !== 'paid';
}

/** It can be paid now: no payment is open for it (a declined one puts the method back to none until payBy). */
export function canPayNow(order: Pick<Order, 'payBy' | 'status' | 'paymentStatus' | 'paymentMethod'>): boolean {
  return awaitsPayment(order) && order.paymentMethod === null;
}

/**
 * SPEC section 2: number, date, status badge, Total Amount, payment; View Details always, Reorder only
 * when delivered. Issue 25: the store and the products bought, with their photos. An order awaiting payment says so, with the time to pay by and 'Pay now'.
 */
export function OrderCard({ order, onViewDetails, onReorder, reordering, onPay }: OrderCardProps) {
  const { t } = useTranslation();
  const number = orderNumber(order.id);
  const awaiting = awaitsPayment(order);
  return (
    <article aria-label={t('orders.order_number', { number })} className="space-y-3 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-mono font-bold">{t('orders.order_number', { number })}</h2>
          <p className="text-sm text-muted-foreground">
            {formatDate(order.createdAt) ?? t('orders.date_not_available')}
            {order.storeName ? <span className="break-words"> · {order.storeName}</span> : null}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      <OrderCardItems order={order} />
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('orders.total_amount')}</dt>
          <dd className="text-base font-bold tabular-nums">{formatRupees(order.totalAmount)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('orders.payment')}</dt>
          <dd className="font-medium">
            <PaymentSummary order={order} />
          </dd>
        </div>
      </dl>
      {awaiting ? (
        <div className="space-y-0.5 rounded-2xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {order.auctionId ? (
            <p className="flex items-center gap-1.5 font-semibold">
              <Gavel className="size-4 shrink-0" aria-hidden="true" />
              {t('orders.won_auction')}
            </p>
          ) : null}
          <p>
            <span className="font-semibold">{t('orders.awaiting_payment')}</span> · {t('orders.pay_by', { time: formatDate(order.payBy, 'dateTime') ?? '' })}
          </p>
        </div>
      ) : null}
      <div className="flex gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={() => onViewDetails(order.id)}>
          <Eye aria-hidden="true" />
          {t('orders.view_details')}
        </Button>
        {canPayNow(order) && onPay ? (
          <Button size="sm" className="min-h-11 flex-1" onClick={() => onPay(order)}>
            <Wallet aria-hidden="true" />
            {t('orders.pay_now')}
          </Button>
        ) : null}
        {displayStatus(order.status) === 'delivered' ? (
          <Button size="sm" className="flex-1" onClick={() => onReorder(order.id)} disabled={reordering} aria-busy={reordering}>
            {reordering ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            {t('orders.reorder')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
