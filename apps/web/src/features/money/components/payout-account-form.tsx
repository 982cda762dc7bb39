import '@/features/money/i18n';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PayoutAccount, PayoutAccountBody } from '@live-market/contract/money';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSavePayoutAccount } from '../api/save-payout-account';
import { EMPTY_PAYOUT_FORM, payoutResolver, type PayoutFormValues, type PayoutKind } from '../utils/payout-form';
import { ChoiceTiles } from './choice-tiles';

type PayoutAccountFormProps = {
  /** The saved account, when changing it: its kind and holder start filled in (never its masked numbers). */
  account: PayoutAccount | null;
  onSaved: (account: PayoutAccount) => void;
  onCancel?: () => void;
};

/** A bank account (holder, IFSC, number) or a UPI id, checked with the contract's PayoutAccountBody before it is sent. */
export function PayoutAccountForm({ account, onSaved, onCancel }: PayoutAccountFormProps) {
  const { t } = useTranslation();
  const ids = { holder: useId(), ifsc: useId(), number: useId(), vpa: useId() };
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors },
  } = useForm<PayoutFormValues, unknown, PayoutAccountBody>({
    resolver: payoutResolver,
    defaultValues: { ...EMPTY_PAYOUT_FORM, kind: account?.kind ?? 'bank', accountHolderName: account?.accountHolderName ?? '' },
  });
  const kind = useWatch({ control, name: 'kind' });
  const save = useSavePayoutAccount({
    onSuccess: (saved) => {
      toast({ title: t('money.account_saved') });
      onSaved(saved);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('money.account_save_failed'), description: parseApiError(error).userMessage ?? undefined });
    },
  });

  const field = (id: string, message: string | undefined) => ({
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? `${id}-error` : undefined,
  });
  const kinds: { value: PayoutKind; label: string }[] = [
    { value: 'bank', label: t('money.account_bank') },
    { value: 'vpa', label: t('money.account_upi') },
  ];

  return (
    <form onSubmit={handleSubmit((body) => save.mutate(body))} noValidate className="space-y-4">
      <ChoiceTiles legend={t('money.account_kind')} options={kinds} value={kind} onChange={(value) => setValue('kind', value)} />
      <div className="space-y-2">
        <Label htmlFor={ids.holder}>{t('money.holder_name')}</Label>
        <Input {...field(ids.holder, errors.accountHolderName?.message)} autoComplete="name" {...register('accountHolderName')} />
        <FieldError id={`${ids.holder}-error`} message={errors.accountHolderName?.message} />
      </div>
      {kind === 'bank' ? (
        <>
          <div className="space-y-2">
            <Label htmlFor={ids.ifsc}>{t('money.ifsc')}</Label>
            <Input {...field(ids.ifsc, errors.ifsc?.message)} autoComplete="off" autoCapitalize="characters" placeholder="SBIN0001234" {...register('ifsc')} />
            <FieldError id={`${ids.ifsc}-error`} message={errors.ifsc?.message} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.number}>{t('money.account_number')}</Label>
            <Input {...field(ids.number, errors.accountNumber?.message)} inputMode="numeric" autoComplete="off" {...register('accountNumber')} />
            <FieldError id={`${ids.number}-error`} message={errors.accountNumber?.message} />
          </div>
        </>
      ) : (
        <div className="space-y-2">
          <Label htmlFor={ids.vpa}>{t('money.vpa')}</Label>
          <Input {...field(ids.vpa, errors.vpa?.message)} inputMode="email" autoComplete="off" autoCapitalize="none" placeholder="name@okbank" {...register('vpa')} />
          <FieldError id={`${ids.vpa}-error`} message={errors.vpa?.message} />
        </div>
      )}
      <div className="flex gap-2">
        {onCancel ? (
          <Button variant="outline" className="flex-1" onClick={onCancel} disabled={save.isPending}>
            {t('money.cancel_edit')}
          </Button>
        ) : null}
        <Button type="submit" className="flex-1" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('money.save_account')}
        </Button>
      </div>
    </form>
  );
}
