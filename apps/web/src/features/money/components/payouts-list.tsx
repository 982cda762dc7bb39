import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import '@/features/money/i18n';
import { Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Payout, PayoutStatus } from '@live-market/contract/money';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRupees } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { usePayouts } from '../api/get-payouts';

const STATUS_LOOK: Record<PayoutStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  processing: 'bg-sky-100 text-sky-800',
  paid: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

function PayoutRow({ payout }: { payout: Payout }) {
  const { t } = useTranslation();
  return (
    <li className="space-y-1 py-3">
      <div className="flex items-center justify-between gap-2">
        <strong className="tabular-nums">{formatRupees(payout.amount)}</strong>
        <span data-status={payout.status} className={cn('rounded-full px-2.5 py-1 text-xs font-semibold', STATUS_LOOK[payout.status])}>
          {t(`money.payout_status_${payout.status}`)}
        </span>
      </div>
      <p className="text-xs text-muted-foreground">{formatDate(payout.createdAt, 'dateTime') ?? t('orders.date_not_available')}</p>
      {payout.utr ? <p className="font-mono text-xs break-all">{t('money.utr', { utr: payout.utr })}</p> : null}
      {payout.status === 'failed' && payout.failureReason ? (
        <p className="rounded-xl bg-red-50 px-3 py-2 text-xs text-red-800">{t('money.payout_failed_reason', { reason: payout.failureReason })}</p>
      ) : null}
    </li>
  );
}

/** Every payout, newest first: amount, status, the bank's UTR once paid, and why one failed (its money is back in available). */
export function PayoutsList() {
  const { t } = useTranslation();
  const { data: payouts, isPending, isError, refetch } = usePayouts();
  return (
    <Card className="space-y-2 p-4">
      <h2 className="text-lg font-bold">{t('money.payouts_title')}</h2>
      {isPending ? (
        <Skeleton className="h-16" />
      ) : isError ? (
        <div className="space-y-3 text-sm text-muted-foreground">
          <p role="alert">{t('money.payouts_error')}</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : payouts.length === 0 ? (
        <p className="flex items-start gap-2 rounded-2xl bg-muted/50 p-4 text-sm text-muted-foreground">
          <Landmark className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t('money.payouts_empty')}
        </p>
      ) : (
        <ul aria-label={t('money.payouts_title')} className="divide-y">
          {payouts.map((payout) => (
            <PayoutRow key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </Card>
  );
}
