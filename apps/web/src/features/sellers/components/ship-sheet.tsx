import 'virtual:english-load/seller_orders';
import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Loader2, Package } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@live-market/contract/orders';
import type { ShipmentBody, ShipmentResult } from '@live-market/contract/shipping';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { orderNumber } from '@/lib/orders';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { getPickupAddressQueryOptions } from '../api/pickup-address';
import { useShipOrder } from '../api/ship-order';
import { checkParcel, type ParcelField, type ParcelProblem, type ParcelSize } from '../utils/parcel';

// The address form brings zod and the state list: only a seller without a pickup address loads it.
const PickupAddressForm = lazy(() => import('./pickup-address-form').then((m) => ({ default: m.PickupAddressForm })));

const FIELDS: { key: ParcelField; label: 'seller_orders.weight' | 'seller_orders.length' | 'seller_orders.breadth' | 'seller_orders.height' }[] = [
  { key: 'weightGrams', label: 'seller_orders.weight' },
  { key: 'lengthCm', label: 'seller_orders.length' },
  { key: 'breadthCm', label: 'seller_orders.breadth' },
  { key: 'heightCm', label: 'seller_orders.height' },
];

type Step = { name: 'size' } | { name: 'pickup'; note: string | null; body: ShipmentBody } | { name: 'done'; shipment: ShipmentResult };

type ShipSheetProps = {
  order: OrderDetail;
  /** How many orders the parcel is expected to carry (this one and the buyer's others of the same show). */
  together: number;
  /** The weight and size to start from (the products' packed weights added up). */
  initial: ParcelSize;
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Ship': the parcel's weight and size, the courier booked, then its tracking number and label (issue 27). */
export function ShipSheet({ order, together, initial, userId, open, onOpenChange }: ShipSheetProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const queryClient = useQueryClient();
  const ship = useShipOrder({ userId });
  const [size, setSize] = useState<ParcelSize>(initial);
  const [problems, setProblems] = useState<Partial<Record<ParcelField, ParcelProblem>>>({});
  const [step, setStep] = useState<Step>({ name: 'size' });
  const number = orderNumber(order.id);

  const refused = async (error: Error, body: ShipmentBody) => {
    if (handleUnauthorized(error)) return;
    const { status, userMessage } = parseApiError(error);
    // The server's 409 is in the seller's language, so it is not matched as text: a store without a
    // pickup address is asked for one, and the parcel goes as soon as it is saved.
    if (status === 409) {
      const pickup = await queryClient.fetchQuery(getPickupAddressQueryOptions()).catch(() => undefined);
      if (pickup === null) return setStep({ name: 'pickup', note: userMessage, body });
    }
    toast({ variant: 'destructive', title: t('seller_orders.ship_failed'), description: userMessage ?? t('checkout.try_again') });
  };

  const send = (body: ShipmentBody) => {
    setStep({ name: 'size' });
    ship.mutate(
      { orderId: order.id, body },
      {
        onSuccess: (shipment) => setStep({ name: 'done', shipment }),
        onError: (error) => void refused(error, body),
      },
    );
  };

  const submit = () => {
    const checked = checkParcel(size);
    setProblems(checked.problems ?? {});
    if (checked.body) send(checked.body);
  };

  const close = () => onOpenChange(false);
  const footer =
    step.name === 'size' ? (
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" onClick={close} disabled={ship.isPending}>
          {t('checkout.cancel')}
        </Button>
        <Button className="flex-1" onClick={submit} disabled={ship.isPending} aria-busy={ship.isPending}>
          {ship.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('seller_orders.ship_submit')}
        </Button>
      </div>
    ) : step.name === 'done' ? (
      <Button className="w-full" onClick={close}>
        {t('checkout.done')}
      </Button>
    ) : undefined;

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('seller_orders.ship_title', { number })} description={t('seller_orders.ship_body')} footer={footer}>
      {step.name === 'done' ? (
        <ShipDone orderId={order.id} number={number} shipment={step.shipment} />
      ) : step.name === 'pickup' ? (
        <Suspense fallback={<Skeleton className="h-72 rounded-2xl" />}>
          <PickupAddressForm note={step.note} onSaved={() => send(step.body)} onCancel={() => setStep({ name: 'size' })} />
        </Suspense>
      ) : (
        <div className="space-y-4">
          {together > 1 ? (
            <p className="flex items-center gap-2 rounded-2xl bg-sky-50 p-3 text-sm font-medium text-sky-900">
              <Package className="size-4 shrink-0" aria-hidden="true" />
              {t('seller_orders.ship_together', { n: together })}
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            {FIELDS.map(({ key, label }) => {
              const problem = problems[key];
              const id = `${baseId}-${key}`;
              return (
                <div key={key} className={key === 'weightGrams' ? 'col-span-2 space-y-1.5' : 'space-y-1.5'}>
                  <Label htmlFor={id}>{t(label)}</Label>
                  <Input
                    id={id}
                    inputMode="numeric"
                    maxLength={5}
                    value={size[key]}
                    onChange={(event) => setSize((s) => ({ ...s, [key]: event.target.value }))}
                    disabled={ship.isPending}
                    aria-invalid={problem ? true : undefined}
                    aria-describedby={problem ? `${id}-error` : undefined}
                  />
                  {problem ? (
                    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                      {t(`seller_orders.${problem}`)}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </Sheet>
  );
}

function ShipDone({ orderId, number, shipment }: { orderId: string; number: string; shipment: ShipmentResult }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-2 text-sm">
      <p className="font-semibold">{t('seller_orders.shipped_title', { number })}</p>
      {shipment.orderIds.length > 1 ? <p className="font-medium text-sky-900">{t('seller_orders.shipped_together', { n: shipment.orderIds.length })}</p> : null}
      <p>{t('orders.courier', { carrier: shipment.carrier })}</p>
      <p className="font-mono">{t('orders.tracking_number', { number: shipment.awb })}</p>
      <p className="text-muted-foreground">{t('seller_orders.shipped_body')}</p>
      <a href={`/api/orders/${orderId}/label`} target="_blank" rel="noopener" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <FileText aria-hidden="true" />
        {t('seller_orders.label')}
      </a>
    </div>
  );
}
