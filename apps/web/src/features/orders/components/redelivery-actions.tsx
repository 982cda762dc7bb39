import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { CalendarClock, Loader2, MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { useStateName } from '@/lib/indian-states';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useAddresses } from '../api/get-addresses';
import { useRedelivery } from '../api/redelivery';

/** After a failed delivery attempt: the courier tries again tomorrow, here or at another saved address. */
export function RedeliveryActions({ orderId, pincode }: { orderId: string; pincode: string | null }) {
  const { t } = useTranslation();
  const [choosing, setChoosing] = useState(false);
  const redelivery = useRedelivery({
    onSuccess: () => {
      setChoosing(false);
      toast({ title: t('orders.redelivery_title'), description: t('orders.redelivery_body') });
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('orders.redelivery_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  const busy = redelivery.isPending;
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-2 gap-2">
        <Button onClick={() => redelivery.mutate({ orderId })} disabled={busy} aria-busy={busy && !redelivery.variables?.addressId}>
          {busy && !redelivery.variables?.addressId ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CalendarClock aria-hidden="true" />}
          {t('orders.try_tomorrow')}
        </Button>
        <Button variant="outline" onClick={() => setChoosing((c) => !c)} disabled={busy} aria-expanded={choosing}>
          <MapPin aria-hidden="true" />
          {t('orders.change_address')}
        </Button>
      </div>
      {choosing ? <AddressChoice pincode={pincode} pending={busy} onChoose={(addressId) => redelivery.mutate({ orderId, addressId })} /> : null}
    </div>
  );
}

/** Couriers come again to a new street or phone, not a new PIN code: only addresses in the parcel's PIN code are offered. */
function AddressChoice({ pincode, pending, onChoose }: { pincode: string | null; pending: boolean; onChoose: (addressId: string) => void }) {
  const { t } = useTranslation();
  const stateName = useStateName();
  const titleId = useId();
  const { data: saved, isLoading, isError, refetch } = useAddresses(true);
  const addresses = saved?.filter((a) => pincode === null || a.pincode === pincode);
  const [chosen, setChosen] = useState<string | null>(null);
  if (isLoading) return <Skeleton className="h-24 rounded-2xl" />;
  if (isError || !addresses) {
    return (
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        <span role="alert">{t('orders.addresses_error')}</span>
        <Button size="sm" variant="outline" onClick={() => void refetch()}>
          {t('checkout.retry')}
        </Button>
      </div>
    );
  }
  if (addresses.length === 0) return <p className="text-sm text-muted-foreground">{pincode ? t('orders.redelivery_same_pincode', { pincode }) : t('orders.no_saved_address')}</p>;
  return (
    <div className="space-y-2">
      <p id={titleId} className="text-sm font-semibold">
        {t('orders.deliver_to')}
      </p>
      <div role="radiogroup" aria-labelledby={titleId} className="grid gap-2">
        {addresses.map((a) => (
          <label
            key={a.id}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-xl border bg-card px-3 py-2 text-sm has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-500/15',
              chosen === a.id ? 'border-brand-500' : 'hover:bg-muted',
            )}
          >
            <input type="radio" name="redelivery-address" value={a.id} checked={chosen === a.id} onChange={() => setChosen(a.id)} className="mt-1 accent-brand-600" />
            <span className="min-w-0 break-words">
              <span className="block font-medium">
                {a.name} · {a.phone}
              </span>
              <span className="text-muted-foreground">
                {[a.line1, a.line2, a.city].filter(Boolean).join(', ')}, {stateName(a.state)} {a.pincode}
              </span>
            </span>
          </label>
        ))}
      </div>
      <Button className="w-full" onClick={() => chosen && onChoose(chosen)} disabled={!chosen || pending} aria-busy={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('orders.deliver_here')}
      </Button>
    </div>
  );
}
