import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { Truck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@live-market/contract/orders';
import type { Tracking } from '@live-market/contract/shipping';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatIstDateTime, formatIstDay } from '@/lib/format-date';
import { cn } from '@/lib/utils';
import { useTracking } from '../api/get-tracking';

type Parcel = NonNullable<OrderDetail['parcel']>;

/** Issue 27: where the parcel is: courier, tracking number, the expected day and the courier's scans in IST. */
export function ParcelTracking({ orderId, parcel }: { orderId: string; parcel: Parcel }) {
  const { t } = useTranslation();
  const { data: tracking, isLoading, isError, refetch } = useTracking(orderId, Boolean(parcel.awb));
  if (isLoading) return <Skeleton className="h-32 rounded-2xl" />;
  if (isError || !tracking) {
    return (
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span role="alert">{t('orders.tracking_error')}</span>
        <Button size="sm" variant="outline" onClick={() => void refetch()}>
          {t('checkout.retry')}
        </Button>
      </div>
    );
  }
  const arriving = tracking.status === 'delivered' ? null : formatIstDay(tracking.etaDate);
  return (
    <div className="space-y-3">
      <div className="space-y-0.5 text-sm">
        {arriving ? (
          <p className="flex items-center gap-1.5 font-semibold">
            <Truck className="size-4 text-brand-600" aria-hidden="true" />
            {t('orders.arriving_by', { date: arriving })}
          </p>
        ) : null}
        <p className="text-muted-foreground">{t('orders.courier', { carrier: tracking.carrier })}</p>
        <p className="font-mono text-muted-foreground">{t('orders.tracking_number', { number: tracking.awb })}</p>
      </div>
      <TrackingTimeline events={tracking.events} />
    </div>
  );
}

/** The courier's scans, newest first (the latest is what the buyer wants to see). */
function TrackingTimeline({ events }: { events: Tracking['events'] }) {
  const { t } = useTranslation();
  const newestFirst = [...events].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <ol className="space-y-0" aria-label={t('orders.tracking')}>
      {newestFirst.map((event, index) => {
        const latest = index === 0;
        return (
          <li key={`${event.status}-${event.at}`} className="relative flex gap-3 pb-4 last:pb-0">
            {index < newestFirst.length - 1 ? <span className="absolute top-4 left-[0.4375rem] h-full w-0.5 bg-border" aria-hidden="true" /> : null}
            <span className={cn('relative mt-1 size-4 shrink-0 rounded-full border-2', latest ? 'border-brand-600 bg-brand-500' : 'border-border bg-card')} aria-hidden="true" />
            <div className="text-sm">
              <p className={cn('font-semibold', !latest && 'text-muted-foreground')}>{t(`orders.parcel_${event.status}`)}</p>
              <p className="text-xs text-muted-foreground">
                {[event.location, formatIstDateTime(event.at) ?? t('orders.date_not_available')].filter(Boolean).join(' · ')}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
