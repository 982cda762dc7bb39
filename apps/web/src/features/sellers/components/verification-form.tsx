import 'virtual:english-load/verification';
import { ArrowLeft, Loader2, Send } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { VerificationBody, VerificationSubmission } from '@live-market/contract/verification';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSubmitVerification } from '../api/submit-verification';

// The contract's VerificationBody validates the form (SPEC section 5's messages, PAN and GSTIN checks).
const resolver = lazyZodResolver<z.input<typeof VerificationBody>, z.output<typeof VerificationBody>>(() =>
  import('@live-market/contract/verification').then((m) => m.VerificationBody),
);

export type VerificationFormValues = z.input<typeof VerificationBody>;

export const EMPTY_VERIFICATION_FORM: VerificationFormValues = { businessName: '', businessAddress: '', businessPhone: '', gstNumber: '', panNumber: '' };

type VerificationFormProps = {
  defaultValues: VerificationFormValues;
  /** Back to step 1, with what was typed so far (kept for coming back). */
  onBack: (values: VerificationFormValues) => void;
  onSubmitted: (submission: VerificationSubmission) => void;
};

/** Step 2: the business details; 'Back' to step 1, 'Submit for Verification' to POST /api/seller/verification. */
export function VerificationForm({ defaultValues, onBack, onSubmitted }: VerificationFormProps) {
  const { t } = useTranslation();
  const ids = { businessName: useId(), businessAddress: useId(), businessPhone: useId(), gstNumber: useId(), panNumber: useId() };
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver, defaultValues });

  useEffect(() => {
    void resolver.preload();
  }, []);

  const mutation = useSubmitVerification({
    onSuccess: (submission) => {
      toast({ title: t('verification.submitted_toast_title'), description: t('verification.submitted_toast_body') });
      onSubmitted(submission);
    },
    onError: (error) => {
      // SPEC section 8: the logout toast and sign-in after 500 ms.
      if (handleUnauthorized(error)) return;
      const { status, message } = parseApiError(error);
      if (status === 409 && message) {
        toast({ variant: 'destructive', title: t('verification.pending_title'), description: message });
        return;
      }
      toast({ variant: 'destructive', title: t('verification.error_title'), description: t('verification.error_body') });
    },
  });

  const onSubmit = handleSubmit((values) => mutation.mutate(values));
  const field = (key: keyof typeof ids, error: string | undefined) => ({
    id: ids[key],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${ids[key]}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor={ids.businessName}>{t('verification.business_name')}</Label>
        <Input {...field('businessName', errors.businessName?.message)} autoComplete="organization" {...register('businessName')} />
        <FieldError id={`${ids.businessName}-error`} message={errors.businessName?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.businessAddress}>{t('verification.business_address')}</Label>
        <Textarea {...field('businessAddress', errors.businessAddress?.message)} rows={3} autoComplete="street-address" {...register('businessAddress')} />
        <FieldError id={`${ids.businessAddress}-error`} message={errors.businessAddress?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.businessPhone}>{t('verification.business_phone')}</Label>
        <Input {...field('businessPhone', errors.businessPhone?.message)} type="tel" inputMode="tel" autoComplete="tel" placeholder="+91 98765 43210" {...register('businessPhone')} />
        <FieldError id={`${ids.businessPhone}-error`} message={errors.businessPhone?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.gstNumber}>{t('verification.gst_number')}</Label>
        <Input
          {...field('gstNumber', errors.gstNumber?.message)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={15}
          placeholder="22ABCPE1234F1ZL"
          className="uppercase"
          {...register('gstNumber')}
        />
        <FieldError id={`${ids.gstNumber}-error`} message={errors.gstNumber?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.panNumber}>{t('verification.pan_number')}</Label>
        <Input
          {...field('panNumber', errors.panNumber?.message)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={10}
          placeholder="ABCPE1234F"
          className="uppercase"
          {...register('panNumber')}
        />
        <FieldError id={`${ids.panNumber}-error`} message={errors.panNumber?.message} />
      </div>
      <div className="flex flex-col gap-3 pt-2">
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {t('verification.submit')}
        </Button>
        <Button variant="outline" size="lg" className="w-full" onClick={() => onBack(getValues())} disabled={mutation.isPending}>
          <ArrowLeft aria-hidden="true" />
          {t('verification.back')}
        </Button>
      </div>
    </form>
  );
}
