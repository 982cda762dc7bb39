import '../become-seller-i18n';
import { Loader2, Store } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SELLER_CATEGORIES } from '@live-market/contract/catalog';
import type { CreateSellerBody, Seller } from '@live-market/contract/sellers';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCreateSeller } from '../api/create-seller';

// The contract's CreateSellerBody validates the form (SPEC section 5's messages); it loads beside the form.
// The empty category is the 'Select a category' prompt; the schema answers 'Please select a category'.
type FormValues = { storeName: string; description: string; category: '' | CreateSellerBody['category'] };
const resolver = lazyZodResolver<FormValues, z.output<typeof CreateSellerBody>>(() => import('@live-market/contract/sellers').then((m) => m.CreateSellerBody));

/** The server's own message for a refusal it explains (409 'You already have a store', a 400), else none. */
export function registrationFailureMessage(error: unknown): string | null {
  const { status, message } = parseApiError(error);
  return status !== null && status >= 400 && status < 500 && message ? message : null;
}

/** 'Create Your Store': store name, category (Jewelry or Fashion), description; POST /api/sellers. */
export function CreateStoreForm({ onCreated }: { onCreated: (seller: Seller) => void | Promise<void> }) {
  const { t } = useTranslation();
  const ids = { storeName: useId(), category: useId(), description: useId() };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { storeName: '', description: '', category: '' } });

  useEffect(() => {
    void resolver.preload();
  }, []);

  const mutation = useCreateSeller({
    onSuccess: async (seller) => {
      toast({ title: t('become_seller.welcome_title'), description: t('become_seller.welcome_body', { name: seller.storeName }) });
      await onCreated(seller);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      // SPEC section 8: 'Registration Failed' showing the server message, or else the generic one.
      toast({ variant: 'destructive', title: t('become_seller.failed_title'), description: registrationFailureMessage(error) ?? t('become_seller.failed_body') });
    },
  });

  const onSubmit = handleSubmit((values) => mutation.mutate(values));
  const field = (key: keyof typeof ids, error: string | undefined) => ({
    id: ids[key],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${ids[key]}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={ids.storeName}>{t('become_seller.store_name')}</Label>
        <Input {...field('storeName', errors.storeName?.message)} autoComplete="organization" placeholder={t('become_seller.store_name_placeholder')} {...register('storeName')} />
        <FieldError id={`${ids.storeName}-error`} message={errors.storeName?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.category}>{t('become_seller.category')}</Label>
        <Select {...field('category', errors.category?.message)} {...register('category')}>
          <option value="" disabled>
            {t('become_seller.category_placeholder')}
          </option>
          {SELLER_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`categories.${category}`)}
            </option>
          ))}
        </Select>
        <FieldError id={`${ids.category}-error`} message={errors.category?.message} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.description}>{t('become_seller.description')}</Label>
        <Textarea {...field('description', errors.description?.message)} rows={4} placeholder={t('become_seller.description_placeholder')} {...register('description')} />
        <FieldError id={`${ids.description}-error`} message={errors.description?.message} />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending || mutation.isSuccess} aria-busy={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Store aria-hidden="true" />}
        {t('become_seller.submit')}
      </Button>
    </form>
  );
}
