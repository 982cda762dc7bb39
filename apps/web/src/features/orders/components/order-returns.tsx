import 'virtual:english-load/returns';
import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { Loader2, Undo2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefundStatus } from '@live-market/contract/money';
import type { OrderDetail } from '@live-market/contract/orders';
import type { ReturnRequest } from '@live-market/contract/shipping';
import { ReturnStatusBadge, ReturnSteps } from '@/components/return-status';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { isEscalatable, returnableItems, useOrderReturns } from '@/lib/returns';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useEscalateReturn } from '../api/returns';
import { RefundStatusBadge } from './refund-line';

const ReturnSheet = lazy(() => import('./return-sheet').then((m) => ({ default: m.ReturnSheet })));

const REFUND_STATUSES: readonly string[] = ['pending', 'processed', 'failed'] satisfies RefundStatus[];
// The server takes one return at a time per order; a refunded or refused one leaves room for another.
const FINISHED: readonly string[] = ['rejected', 'refunded'];

/** A delivered order's returns: 'Return items', and each return asked for with where it stands. */
export function OrderReturns({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const asked = order.returnStatus !== null;
  const delivered = order.status === 'delivered';
  const { data: returns, isLoading, isError, refetch } = useOrderReturns(order.id, asked || delivered);
  const [sheet, setSheet] = useState<{ open: boolean; key: number } | null>(null);
  if (!asked && !delivered) return null;
  const underWay = returns?.some((r) => !FINISHED.includes(r.status)) ?? true;
  const returnable = returnableItems(order, returns ?? []);

  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold">{t('returns.title')}</h3>
      {isLoading ? (
        <Skeleton className="h-20 rounded-2xl" />
      ) : isError ? (
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span role="alert">{t('returns.load_error')}</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : (
        returns?.map((ret) => <ReturnCard key={ret.id} ret={ret} />)
      )}
      {delivered && !underWay && returnable.length ? (
        <Button variant="outline" className="w-full" onClick={() => setSheet((s) => ({ open: true, key: (s?.key ?? 0) + 1 }))}>
          <Undo2 aria-hidden="true" />
          {t('returns.return_items')}
        </Button>
      ) : null}
      {sheet ? (
        <Suspense fallback={null}>
          <ReturnSheet key={sheet.key} orderId={order.id} items={returnable} open={sheet.open} onOpenChange={(open) => setSheet({ ...sheet, open })} />
        </Suspense>
      ) : null}
    </section>
  );
}

function ReturnCard({ ret }: { ret: ReturnRequest }) {
  const { t } = useTranslation();
  const escalate = useEscalateReturn({
    onSuccess: () => toast({ title: t('returns.escalated_title'), description: t('returns.escalated_body') }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('returns.escalate_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  const { refund } = ret;
  return (
    <article aria-label={t('returns.return_of', { date: formatDate(ret.createdAt) ?? '' })} className="space-y-2 rounded-2xl bg-muted/50 p-3 text-sm">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{t(`returns.reason_${ret.reason}`)}</span>
        <ReturnStatusBadge status={ret.status} />
      </p>
      <ul className="text-muted-foreground">
        {ret.items.map((item) => (
          <li key={item.orderItemId}>
            {item.name} × {item.quantity}
          </li>
        ))}
      </ul>
      <ReturnSteps status={ret.status} />
      {ret.awb ? <p className="font-mono text-xs text-muted-foreground">{t('orders.tracking_number', { number: ret.awb })}</p> : null}
      {(ret.status === 'rejected' || ret.status === 'escalated') && ret.sellerNote ? <p className="break-words">{t('returns.seller_note', { note: ret.sellerNote })}</p> : null}
      {refund ? (
        <p className="flex flex-wrap items-center gap-2">
          <span>{t('returns.refund', { amount: formatRupees(refund.amount) })}</span>
          {REFUND_STATUSES.includes(refund.status) ? <RefundStatusBadge status={refund.status as RefundStatus} /> : null}
        </p>
      ) : null}
      {isEscalatable(ret) ? (
        <div className="space-y-1">
          <p className="text-xs text-muted-foreground">{t('returns.escalate_hint')}</p>
          <Button size="sm" variant="outline" className="w-full" onClick={() => escalate.mutate({ orderId: ret.orderId, returnId: ret.id })} disabled={escalate.isPending} aria-busy={escalate.isPending}>
            {escalate.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('returns.escalate')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}
