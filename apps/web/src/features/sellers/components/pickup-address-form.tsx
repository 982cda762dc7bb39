import 'virtual:english-load/seller_orders';
import 'virtual:english-load/checkout';
import { useTranslation } from 'react-i18next';
import type { Address } from '@live-market/contract/orders';
import { AddressForm } from '@/components/address-form';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSavePickupAddress } from '../api/pickup-address';

type PickupAddressFormProps = {
  /** The server's reason the shipment waited (its words, in the seller's language). */
  note: string | null;
  onSaved: (address: Address) => void;
  onCancel: () => void;
};

/** The store's pickup address, asked the first time the seller ships (issue 27): the courier collects from here. */
export function PickupAddressForm({ note, onSaved, onCancel }: PickupAddressFormProps) {
  const { t } = useTranslation();
  const save = useSavePickupAddress({
    onSuccess: onSaved,
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('seller_orders.pickup_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  return (
    <section className="space-y-3" aria-labelledby="pickup-address-title">
      <div className="space-y-1">
        <h3 id="pickup-address-title" className="font-semibold">
          {t('seller_orders.pickup_title')}
        </h3>
        {note ? (
          <p role="alert" className="text-sm font-medium text-amber-800">
            {note}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">{t('seller_orders.pickup_body')}</p>
      </div>
      <AddressForm label={t('seller_orders.pickup_title')} submitLabel={t('seller_orders.pickup_save')} pending={save.isPending} onSubmit={(body) => save.mutate(body)} onCancel={onCancel} />
    </section>
  );
}
