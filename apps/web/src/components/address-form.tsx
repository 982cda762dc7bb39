import 'virtual:english-load/checkout';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AddressBody } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { parseApiError } from '@/lib/api-client';
import { useStateOptions } from '@/lib/indian-states';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { usePincode } from '@/lib/pincode';

// The contract's AddressBody checks the form here and the body on the server: one set of messages.
// This form is itself lazily loaded (with the state list), so the schema is imported statically.
// Shared by the buyer's delivery address (checkout) and the seller's pickup address (issue 27).
export type AddressFormValues = { name: string; phone: string; pincode: string; state: '' | z.input<typeof AddressBody>['state']; city: string; line1: string; line2?: string };
export type AddressFormOutput = z.output<typeof AddressBody>;
const resolver = lazyZodResolver<AddressFormValues, AddressFormOutput>(async () => AddressBody);
const EMPTY: AddressFormValues = { name: '', phone: '', pincode: '', state: '', city: '', line1: '', line2: '' };

type Field = Exclude<keyof AddressFormValues, 'state'>;
// The PIN code comes before the city: typing it fills the city and the state.
const FIELDS: { key: Field; autoComplete: string; inputMode?: 'numeric' | 'tel'; maxLength?: number }[] = [
  { key: 'name', autoComplete: 'name' },
  { key: 'phone', autoComplete: 'tel-national', inputMode: 'tel', maxLength: 14 },
  { key: 'line1', autoComplete: 'address-line1' },
  { key: 'line2', autoComplete: 'address-line2' },
  { key: 'pincode', autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 6 },
  { key: 'city', autoComplete: 'address-level2' },
];

type AddressFormProps = {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: AddressFormOutput) => void;
  onCancel?: () => void;
  defaultValues?: Partial<AddressFormValues>;
};

/** An Indian address: name, 10-digit mobile, address lines, 6-digit PIN code (fills city and state), city and state. */
export function AddressForm({ label, submitLabel, pending, onSubmit, onCancel, defaultValues }: AddressFormProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const states = useStateOptions();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm({ resolver, defaultValues: { ...EMPTY, ...defaultValues } });
  const pincode = useWatch({ control, name: 'pincode' }) ?? '';
  const lookup = usePincode(pincode);
  // The city we filled in last: a city the person typed themselves is theirs and stays.
  const filledCity = useRef<string | null>(null);

  useEffect(() => {
    void resolver.preload();
  }, []);

  useEffect(() => {
    const info = lookup.data;
    if (!info) return;
    setValue('state', info.state, { shouldValidate: isSubmitted });
    const city = getValues('city').trim();
    if (city === '' || city === filledCity.current) {
      setValue('city', info.district, { shouldValidate: isSubmitted });
      filledCity.current = info.district;
    }
  }, [lookup.data, setValue, getValues, isSubmitted]);

  const pincodeProblem = lookup.isError ? (parseApiError(lookup.error).userMessage ?? null) : null;

  const describe = (key: keyof AddressFormValues) => {
    const message = errors[key]?.message;
    const hint = key === 'pincode' && pincodeProblem ? `${baseId}-pincode-lookup` : undefined;
    const described = [message ? `${baseId}-${key}-error` : undefined, hint].filter(Boolean).join(' ');
    return { id: `${baseId}-${key}`, 'aria-invalid': message || hint ? true : undefined, 'aria-describedby': described || undefined };
  };

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values))} aria-label={label} className="space-y-3 rounded-2xl border bg-muted/30 p-3">
      {FIELDS.map(({ key, autoComplete, inputMode, maxLength }) => (
        <div key={key} className="space-y-1.5">
          <Label htmlFor={`${baseId}-${key}`}>{t(`checkout.field_${key}`)}</Label>
          <Input {...describe(key)} autoComplete={autoComplete} inputMode={inputMode} maxLength={maxLength} {...register(key)} />
          <FieldError id={`${baseId}-${key}-error`} message={errors[key]?.message} />
          {key === 'pincode' && pincodeProblem && !errors.pincode ? (
            <p id={`${baseId}-pincode-lookup`} role="alert" className="text-sm font-medium text-destructive">
              {pincodeProblem}
            </p>
          ) : null}
        </div>
      ))}
      <div className="space-y-1.5">
        <Label htmlFor={`${baseId}-state`}>{t('checkout.field_state')}</Label>
        <Select {...describe('state')} autoComplete="address-level1" {...register('state')}>
          <option value="" disabled>
            {t('checkout.choose_state')}
          </option>
          {states.map(({ value, label: name }) => (
            <option key={value} value={value}>
              {name}
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
        <Button type="submit" className="flex-1" disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
