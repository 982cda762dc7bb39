import 'virtual:english-load/checkout';
import { MapPin, Plus, WifiOff } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useStateName } from '@/lib/indian-states';
import { cn } from '@/lib/utils';
import { useAddresses } from '../api/get-addresses';
import type { BuyerContact } from '../utils/buyer-contact';

// The form brings zod and the state list; a returning shopper with a saved address never loads it.
const AddressForm = lazy(() => import('./address-form').then((m) => ({ default: m.AddressForm })));

type AddressPickerProps = {
  value: string | null;
  onChange: (addressId: string) => void;
  disabled?: boolean;
  /** Fills a first address's name and mobile number. */
  contact?: BuyerContact;
};

/** The delivery address: one of the saved ones, or a new one (the form opens by itself when none is saved). */
export function AddressPicker({ value, onChange, disabled, contact }: AddressPickerProps) {
  const { t } = useTranslation();
  const stateName = useStateName();
  const { data: addresses, isLoading, isError, fetchStatus, refetch } = useAddresses();
  // Offline before the list ever came: the saved addresses are unknown, not absent (issue 25).
  const waitingOffline = addresses === undefined && fetchStatus === 'paused';
  const [adding, setAdding] = useState(false);

  const onSaved = (address: Address) => {
    setAdding(false);
    onChange(address.id);
  };

  return (
    <section aria-labelledby="delivery-address" className="space-y-2">
      <h3 id="delivery-address" className="text-sm font-semibold">
        {t('checkout.delivery_address')}
      </h3>
      {isLoading ? (
        <Skeleton className="h-20 rounded-2xl" />
      ) : waitingOffline ? (
        <p role="status" className="flex items-start gap-2 rounded-2xl bg-muted p-3 text-sm text-muted-foreground">
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('checkout.addresses_offline')}
        </p>
      ) : isError ? (
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span role="alert">{t('checkout.addresses_error')}</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : adding || !addresses?.length ? (
        <Suspense fallback={<Skeleton className="h-72 rounded-2xl" />}>
          <AddressForm onSaved={onSaved} onCancel={addresses?.length ? () => setAdding(false) : undefined} contact={contact} />
        </Suspense>
      ) : (
        <fieldset className="space-y-2" disabled={disabled}>
          <legend className="sr-only">{t('checkout.delivery_address')}</legend>
          {addresses.map((address) => (
            <label
              key={address.id}
              className={cn(
                'flex cursor-pointer gap-3 rounded-2xl border bg-card p-3 text-sm transition has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-500/15',
                address.id === value ? 'border-brand-500 bg-brand-50' : 'hover:bg-muted',
              )}
            >
              <input type="radio" name="address" value={address.id} checked={address.id === value} onChange={() => onChange(address.id)} className="sr-only" />
              <MapPin className={cn('mt-0.5 size-5 shrink-0', address.id === value ? 'text-brand-600' : 'text-muted-foreground')} aria-hidden="true" />
              <span className="min-w-0">
                <span className="block font-semibold">
                  {address.name} · {address.phone}
                </span>
                <span className="block text-muted-foreground">
                  {[address.line1, address.line2, address.city].filter(Boolean).join(', ')}, {stateName(address.state)} {address.pincode}
                </span>
              </span>
            </label>
          ))}
          <Button variant="ghost" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t('checkout.add_address')}
          </Button>
        </fieldset>
      )}
    </section>
  );
}
