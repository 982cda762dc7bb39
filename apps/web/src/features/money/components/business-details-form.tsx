import '@/features/money/i18n';
import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { GST_STATES } from '@live-market/contract/gst-states';
import type { BusinessDetails, BusinessDetailsBody } from '@live-market/contract/money';
import { INDIAN_STATES, type IndianState } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { parseApiError } from '@/lib/api-client';
import { useStateName } from '@/lib/indian-states';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSaveBusinessDetails } from '../api/save-business-details';
import { businessFormDefaults, businessResolver, type BusinessFormValues, type TaxIdKind } from '../utils/business-form';
import { ChoiceTiles } from './choice-tiles';

/** GST's states by code, named in the reader's language where the app has the name, sorted in their alphabet. */
function useGstStateOptions(): { code: string; label: string }[] {
  const { i18n } = useTranslation();
  const stateName = useStateName();
  const collator = new Intl.Collator(i18n.language);
  const named = (name: string) => ((INDIAN_STATES as readonly string[]).includes(name) ? stateName(name as IndianState) : name);
  return GST_STATES.map((s) => ({ code: s.code, label: named(s.name) })).sort((a, b) => collator.compare(a.label, b.label));
}

/** What the seller's GST invoices print about them: legal name, address, state, GSTIN or enrolment number, PAN. */
export function BusinessDetailsForm({ details }: { details: BusinessDetails | null }) {
  const { t } = useTranslation();
  const ids = { legalName: useId(), address: useId(), state: useId(), gstin: useId(), enrolment: useId(), pan: useId() };
  const states = useGstStateOptions();
  const [defaults] = useState(() => businessFormDefaults(details));
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<BusinessFormValues, unknown, BusinessDetailsBody>({ resolver: businessResolver, defaultValues: defaults });
  const taxId = useWatch({ control, name: 'taxId' });
  const save = useSaveBusinessDetails({
    onSuccess: () => toast({ title: t('money.business_saved') }),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('money.business_save_failed'), description: parseApiError(error).userMessage ?? undefined });
    },
  });
  const field = (id: string, message: string | undefined, hint?: string) => ({
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': [message ? `${id}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined,
  });
  const taxIds: { value: TaxIdKind; label: string }[] = [
    { value: 'gstin', label: t('money.tax_id_gstin') },
    { value: 'enrolment', label: t('money.tax_id_enrolment') },
  ];

  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={ids.legalName}>{t('money.legal_name')}</Label>
        <Input {...field(ids.legalName, errors.legalName?.message)} autoComplete="organization" {...register('legalName')} />
        <FieldError id={`${ids.legalName}-error`} message={errors.legalName?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.address}>{t('money.business_address')}</Label>
        <Input {...field(ids.address, errors.address?.message)} autoComplete="street-address" {...register('address')} />
        <FieldError id={`${ids.address}-error`} message={errors.address?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.state}>{t('money.state')}</Label>
        <Select {...field(ids.state, errors.stateCode?.message)} defaultValue={defaults.stateCode} {...register('stateCode')}>
          <option value="">{t('money.choose_state')}</option>
          {states.map((s) => (
            <option key={s.code} value={s.code}>
              {s.label}
            </option>
          ))}
        </Select>
        <FieldError id={`${ids.state}-error`} message={errors.stateCode?.message} />
      </div>
      <ChoiceTiles legend={t('money.tax_id_kind')} options={taxIds} value={taxId} onChange={(value) => setValue('taxId', value)} />
      {taxId === 'gstin' ? (
        <div className="space-y-2">
          <Label htmlFor={ids.gstin}>{t('money.gstin')}</Label>
          <Input {...field(ids.gstin, errors.gstin?.message)} autoComplete="off" autoCapitalize="characters" placeholder="27ABCDE1234F1Z5" {...register('gstin')} />
          <FieldError id={`${ids.gstin}-error`} message={errors.gstin?.message} />
        </div>
      ) : (
        <div className="space-y-2">
          <Label htmlFor={ids.enrolment}>{t('money.enrolment_number')}</Label>
          <Input {...field(ids.enrolment, errors.enrolmentNumber?.message, `${ids.enrolment}-hint`)} autoComplete="off" autoCapitalize="characters" {...register('enrolmentNumber')} />
          <p id={`${ids.enrolment}-hint`} className="text-xs text-muted-foreground">
            {t('money.enrolment_hint')}
          </p>
          <FieldError id={`${ids.enrolment}-error`} message={errors.enrolmentNumber?.message} />
        </div>
      )}
      <div className="space-y-2">
        <Label htmlFor={ids.pan}>{t('money.pan')}</Label>
        <Input {...field(ids.pan, errors.pan?.message, `${ids.pan}-hint`)} autoComplete="off" autoCapitalize="characters" placeholder="ABCDE1234F" {...register('pan')} />
        <p id={`${ids.pan}-hint`} className="text-xs text-muted-foreground">
          {t('money.pan_hint')}
        </p>
        <FieldError id={`${ids.pan}-error`} message={errors.pan?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t('money.save_business')}
      </Button>
    </form>
  );
}
