import '@/features/money/i18n';
import { CheckCircle2, Clock, PauseCircle, Wallet, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SellerBalance } from '@live-market/contract/money';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatRupees } from '@/lib/format';
import { cn } from '@/lib/utils';
import { isNegative } from '../utils/amounts';

// The contract's four figures, in the order money moves through them.
const CARDS = [
  { field: 'pending', key: 'pending', icon: Clock },
  { field: 'onHold', key: 'on_hold', icon: PauseCircle },
  { field: 'available', key: 'available', icon: Wallet },
  { field: 'paidOut', key: 'paid_out', icon: CheckCircle2 },
] as const satisfies readonly { field: keyof SellerBalance; key: string; icon: LucideIcon }[];

/** Pending, on hold, available and paid out, each with a line saying what it means. */
export function BalanceCards({ balance }: { balance: SellerBalance | undefined }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('money.balance_label')} className="grid grid-cols-2 gap-3">
      {CARDS.map(({ field, key, icon: Icon }) => {
        const amount = balance?.[field];
        const label = t(`money.balance_${key}`);
        return (
          <Card key={field} role="group" aria-label={label} className={cn('flex flex-col gap-1 p-4', field === 'available' && 'border-brand-500/40 bg-brand-50')}>
            <span className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {label}
            </span>
            {amount === undefined ? (
              <Skeleton className="h-7 w-20" />
            ) : (
              <span className={cn('text-xl font-bold tabular-nums break-all', isNegative(amount) && 'text-destructive')}>{formatRupees(amount)}</span>
            )}
            <span className="text-xs leading-snug text-muted-foreground">{t(`money.balance_${key}_hint`)}</span>
          </Card>
        );
      })}
    </section>
  );
}
