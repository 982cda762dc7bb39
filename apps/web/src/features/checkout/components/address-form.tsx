import { Loader2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AddressBody, type Address } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { parseApiError } from '@/lib/api-client';
import { useStateOptions } from '@/lib/indian-states';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateAddress } from '../api/create-address';
import type { BuyerContact } from '../utils/buyer-contact';

// The contract's AddressBody checks the form here and the body on the server: one set of messages.
// This form is itself lazily loaded (with the state list), so the schema is imported statically.
type FormValues = { name: string; phone: string; pincode: string; state: '' | z.input<typeof AddressBody>['state']; city: string; line1: string; line2?: string };
const resolver = lazyZodResolver<FormValues, z.output<typeof AddressBody>>(async () => AddressBody);
const EMPTY: FormValues = { name: '', phone: '', pincode: '', state: '', city: '', line1: '', line2: '' };

type Field = Exclude<keyof FormValues, 'state'>;
const FIELDS: { key: Field; autoComplete: string; inputMode?: 'numeric' | 'tel'; maxLength?: number }[] = [
  { key: 'name', autoComplete: 'name' },
  { key: 'phone', autoComplete: 'tel-national', inputMode: 'tel', maxLength: 14 },
  { key: 'line1', autoComplete: 'address-line1' },
  { key: 'line2', autoComplete: 'address-line2' },
  { key: 'city', autoComplete: 'address-level2' },
  { key: 'pincode', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 6 },
];

type AddressFormProps = {
  onSaved: (address: Address) => void;
  onCancel?: () => void;
  /** The account's name and mobile number (issue 25): filled in, still editable for someone else. */
  contact?: BuyerContact;
};

/** A new delivery address: name, 10-digit mobile, address lines, city, 6-digit PIN code and state. */
export function AddressForm({ onSaved, onCancel, contact }: AddressFormProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const states = useStateOptions();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { ...EMPTY, ...contact } });

  useEffect(() => {
    void resolver.preload();
  }, []);

  const mutation = useCreateAddress({
    onSuccess: onSaved,
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('checkout.address_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });

  const describe = (key: keyof FormValues) => {
    const message = errors[key]?.message;
    return { id: `${baseId}-${key}`, 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${baseId}-${key}-error` : undefined };
  };

  return (
    <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} aria-label={t('checkout.new_address')} className="space-y-3 rounded-2xl border bg-muted/30 p-3">
      {FIELDS.map(({ key, autoComplete, inputMode, maxLength }) => (
        <div key={key} className="space-y-1.5">
          <Label htmlFor={`${baseId}-${key}`}>{t(`checkout.field_${key}`)}</Label>
          <Input {...describe(key)} autoComplete={autoComplete} inputMode={inputMode} maxLength={maxLength} {...register(key)} />
          <FieldError id={`${baseId}-${key}-error`} message={errors[key]?.message} />
        </div>
      ))}
      <div className="space-y-1.5">
        <Label htmlFor={`${baseId}-state`}>{t('checkout.field_state')}</Label>
        <Select {...describe('state')} autoComplete="address-level1" {...register('state')}>
          <option value="" disabled>
            {t('checkout.choose_state')}
          </option>
          {states.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <FieldError id={`${baseId}-state-error`} message={errors.state?.message} />
      </div>
      <div className="flex gap-2">
        {onCancel ? (
          <Button variant="outline" className="flex-1" onClick={onCancel}>
            {t('checkout.cancel')}
          </Button>
        ) : null}
        <Button type="submit" className="flex-1" disabled={mutation.isPending}>
          {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('checkout.save_address')}
        </Button>
      </div>
    </form>
  );
}
