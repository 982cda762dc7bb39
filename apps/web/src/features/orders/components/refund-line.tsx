import 'virtual:english-load/orders';
import { useTranslation } from 'react-i18next';
import type { Refund, RefundStatus } from '@live-market/contract/money';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';

const STATUS_LOOK: Record<RefundStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  processed: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

/** A refund's status in words, as a small badge: 'Refund in progress', 'Refunded', 'Refund failed'. */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { t } = useTranslation();
  return (
    <span data-status={status} className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_LOOK[status])}>
      {t(`orders.refund_status_${status}`)}
    </span>
  );
}

/** One refund in full: amount and status, where the money goes, and when it went. */
export function RefundLine({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const processedOn = refund.status === 'processed' ? formatDate(refund.processedAt) : null;
  return (
    <div className="space-y-1 rounded-2xl bg-muted/50 p-3 text-sm">
      <p className="flex items-center justify-between gap-2">
        <strong className="tabular-nums">{formatRupees(refund.amount)}</strong>
        <RefundStatusBadge status={refund.status} />
      </p>
      <p className="text-muted-foreground">{t(`orders.refund_method_${refund.method ?? 'unchosen'}`)}</p>
      {processedOn ? <p className="text-muted-foreground">{t('orders.refunded_on', { date: processedOn })}</p> : null}
      {refund.status === 'failed' ? <p className="text-red-800">{t('orders.refund_failed_help')}</p> : null}
    </div>
  );
}
