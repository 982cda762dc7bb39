import { Eye, Loader2, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@live-market/contract/orders';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { displayStatus, orderNumber } from '@/lib/orders';
import { PaymentSummary } from './payment-summary';

type OrderCardProps = {
  order: Order;
  onViewDetails: (orderId: string) => void;
  onReorder: (orderId: string) => void;
  reordering: boolean;
};

/** SPEC section 2: number, date, status badge, Total Amount, payment; View Details always, Reorder only when delivered. */
export function OrderCard({ order, onViewDetails, onReorder, reordering }: OrderCardProps) {
  const { t } = useTranslation();
  const number = orderNumber(order.id);
  return (
    <article aria-label={t('orders.order_number', { number })} className="space-y-3 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-mono font-bold">{t('orders.order_number', { number })}</h2>
          <p className="text-sm text-muted-foreground">{formatDate(order.createdAt) ?? t('orders.date_not_available')}</p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
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
      <div className="flex gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={() => onViewDetails(order.id)}>
          <Eye aria-hidden="true" />
          {t('orders.view_details')}
        </Button>
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
