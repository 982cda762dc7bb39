import 'virtual:english-load/returns';
import { useTranslation } from 'react-i18next';
import type { ReturnStatus } from '@live-market/contract/catalog';
import { returnSteps } from '@/lib/returns';
import { cn } from '@/lib/utils';

const LOOK: Record<ReturnStatus, string> = {
  requested: 'bg-amber-100 text-amber-800',
  approved: 'bg-sky-100 text-sky-800',
  rejected: 'bg-red-100 text-red-800',
  pickup_scheduled: 'bg-violet-100 text-violet-800',
  picked_up: 'bg-indigo-100 text-indigo-800',
  received: 'bg-teal-100 text-teal-800',
  refunded: 'bg-emerald-100 text-emerald-800',
  escalated: 'bg-orange-100 text-orange-800',
};

/** A return's status in words, as a small badge. Shared by the buyer's order details and the seller's orders. */
export function ReturnStatusBadge({ status, className }: { status: ReturnStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span data-status={status} className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', LOOK[status], className)}>
      {t(`returns.status_${status}`)}
    </span>
  );
}

/**
 * The return's steps as a list, those behind it done: the server keeps no time per step, so this shows
 * where the return is and what comes next rather than when each happened.
 */
export function ReturnSteps({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation();
  const steps = returnSteps(status);
  const at = steps.indexOf(status);
  return (
    <ol className="space-y-1" aria-label={t('returns.progress')}>
      {steps.map((step, index) => (
        <li key={step} className="flex items-center gap-2 text-xs" aria-current={index === at ? 'step' : undefined}>
          <span
            className={cn('size-2.5 shrink-0 rounded-full border-2', index < at ? 'border-brand-500 bg-brand-500' : index === at ? 'border-brand-600 bg-card' : 'border-border bg-card')}
            aria-hidden="true"
          />
          <span className={cn(index === at ? 'font-semibold' : index > at && 'text-muted-foreground')}>{t(`returns.status_${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}
