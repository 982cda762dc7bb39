import 'virtual:english-load/orders';
import '@/features/money/i18n';
import { useTranslation } from 'react-i18next';
import type { LedgerLine } from '@live-market/contract/money';
import { formatDate } from '@/lib/format-date';
import { orderNumber } from '@/lib/orders';
import { cn } from '@/lib/utils';
import { isNegative, signedRupees } from '../utils/amounts';

/** One ledger line: what it was, when, the note and the order it belongs to; money out in red with its minus sign. */
export function LedgerLineRow({ line }: { line: LedgerLine }) {
  const { t } = useTranslation();
  const negative = isNegative(line.amount);
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{t(`money.type_${line.type}`)}</p>
        <p className="text-xs text-muted-foreground">
          {formatDate(line.createdAt, 'dateTime') ?? t('orders.date_not_available')}
          {line.orderId ? <span className="font-mono"> · {t('orders.order_number', { number: orderNumber(line.orderId) })}</span> : null}
        </p>
        {line.note ? <p className="mt-0.5 text-xs break-words text-muted-foreground">{line.note}</p> : null}
      </div>
      <span className={cn('shrink-0 text-sm font-bold tabular-nums', negative ? 'text-destructive' : 'text-emerald-700')}>{signedRupees(line.amount)}</span>
    </li>
  );
}
