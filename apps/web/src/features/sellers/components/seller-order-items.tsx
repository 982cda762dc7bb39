import 'virtual:english-load/seller_orders';
import 'virtual:english-load/orders';
import { Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderItem } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { formatRupees } from '@/lib/format';
import { cn } from '@/lib/utils';
import { canRefundItem, refundsOfItem, unitsLeft } from '../utils/refunds';

const REFUND_LOOK = { pending: 'bg-amber-100 text-amber-800', processed: 'bg-emerald-100 text-emerald-800', failed: 'bg-red-100 text-red-800' } as const;

type SellerOrderItemsProps = { order: OrderDetail; busy: boolean; onRefund: (item: OrderItem) => void };

/** What was ordered, an item a line: refunded items struck through, each refund's status (× units when a return sent back some); 'Refund item' where allowed. */
export function SellerOrderItems({ order, busy, onRefund }: SellerOrderItemsProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1.5">
      {order.items.map((item) => {
        const refunded = unitsLeft(order, item) === 0;
        return (
          <div key={item.id} className="flex min-h-9 flex-wrap items-center justify-between gap-x-2 gap-y-1 text-sm">
            <span className={cn('min-w-0 break-words', refunded && 'text-muted-foreground line-through')}>
              {item.name} × {item.quantity}
            </span>
            {refundsOfItem(order, item.id).map((refund) => (
              <span key={refund.id} data-status={refund.status} className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', REFUND_LOOK[refund.status])}>
                {t(`orders.refund_status_${refund.status}`)} · {formatRupees(refund.amount)}
                {refund.quantity !== null && refund.quantity < item.quantity ? ` · × ${refund.quantity}` : null}
              </span>
            ))}
            {canRefundItem(order, item) ? (
              <Button size="sm" variant="ghost" className="text-primary" onClick={() => onRefund(item)} disabled={busy} aria-label={t('seller_orders.refund_item_label', { name: item.name })}>
                <Undo2 aria-hidden="true" />
                {t('seller_orders.refund_item')}
              </Button>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
