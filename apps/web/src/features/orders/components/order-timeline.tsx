import 'virtual:english-load/orders';
import { useTranslation } from 'react-i18next';
import type { OrderEvent } from '@live-market/contract/orders';
import { formatDate } from '@/lib/format-date';
import { displayStatus } from '@/lib/orders';
import { cn } from '@/lib/utils';

/** Every status the order has been in, oldest first; the newest is highlighted. */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  const { t } = useTranslation();
  return (
    <ol className="space-y-0" aria-label={t('orders.timeline')}>
      {events.map((event, index) => {
        const last = index === events.length - 1;
        return (
          <li key={`${event.status}-${event.at}`} className="relative flex gap-3 pb-4 last:pb-0">
            {!last ? <span className="absolute top-4 left-[0.4375rem] h-full w-0.5 bg-border" aria-hidden="true" /> : null}
            <span className={cn('relative mt-1 size-4 shrink-0 rounded-full border-2', last ? 'border-brand-600 bg-brand-500' : 'border-border bg-card')} aria-hidden="true" />
            <div className="text-sm">
              <p className={cn('font-semibold', !last && 'text-muted-foreground')}>{t(`orders.status_${displayStatus(event.status)}`)}</p>
              <p className="text-xs text-muted-foreground">{formatDate(event.at, 'dateTime') ?? t('orders.date_not_available')}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
