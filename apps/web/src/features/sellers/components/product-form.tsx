import '../product-form-i18n';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PRODUCT_CATEGORIES } from '@live-market/contract/catalog';
import { PRODUCT_SESSION_EXPIRED_REDIRECT_MS } from '@live-market/contract/constants';
import { CATEGORY_RETURN_DAYS } from '@live-market/contract/product-terms';
import { GST_RATE_PERCENTS } from '@live-market/contract/money';
import type { Product, ProductBody } from '@live-market/contract/products';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { translateValidation } from '@/lib/validation-message';
import { useCreateProduct } from '../api/create-product';
import { useUpdateProduct } from '../api/update-product';
import { useProductSessionNotice } from '../hooks/use-product-session-notice';
import { categoryTax, hasRequiredFields, productFormDefaults, withChangedTax, type ProductFormValues } from '../utils/product-form';
import { ProductPhotoField } from './product-photo-field';
import { ProductTermsFields } from './product-terms-fields';

// The contract's ProductBody validates the form (the server re-checks it); it loads beside the form.
const resolver = lazyZodResolver<ProductFormValues, z.output<typeof ProductBody>>(() => import('@live-market/contract/products').then((m) => m.ProductBody));

type ProductFormProps = {
  formId: string;
  /** null: create mode; a product: edit mode. */
  product: Product | null;
  storeCategory: string | null;
  onSaved: (product: Product) => void;
  onBusyChange: (busy: boolean) => void;
};

/** The Add/Edit Product form (SPEC sections 4, 5 and 8). The sheet around it holds the Save Product button. */
export function ProductForm({ formId, product, storeCategory, onSaved, onBusyChange }: ProductFormProps) {
  const { t } = useTranslation();
  const ids = { name: useId(), description: useId(), price: useId(), originalPrice: useId(), category: useId(), stock: useId(), weight: useId(), active: useId(), hsn: useId(), gst: useId() };
  const [uploading, setUploading] = useState(false);
  const sessionNotice = useProductSessionNotice();
  const [defaults] = useState(() => productFormDefaults(product, storeCategory));
  // Issue 26: a category change re-defaults the HSN code and GST rate, unless the seller chose them: in
  // this form (the fields are dirty), or before (a saved product whose pair is not its category's default).
  const savedTax = product ? categoryTax(product.category) : null;
  const taxChosenBefore = product !== null && (product.hsnCode !== savedTax?.hsnCode || product.gstRatePercent !== savedTax.gstRatePercent);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    control,
    formState: { errors, dirtyFields },
  } = useForm<ProductFormValues, unknown, z.output<typeof ProductBody>>({ resolver, defaultValues: defaults });

  const imageUrl = useWatch({ control, name: 'imageUrl' });

  useEffect(() => {
    void resolver.preload();
  }, []);

  const onError = (error: Error) => {
    // SPEC section 8: 'Session Expired - Please log in again to continue editing products', sign-in after 2 s.
    if (handleUnauthorized(error, PRODUCT_SESSION_EXPIRED_REDIRECT_MS, sessionNotice)) return;
    const { status, message } = parseApiError(error);
    const description = status !== null && status >= 400 && status < 500 && message ? message : undefined;
    toast({ variant: 'destructive', title: product ? t('product_form.update_failed') : t('product_form.create_failed'), description });
  };
  const onSuccess = (saved: Product) => {
    toast({ title: product ? t('product_form.updated') : t('product_form.added'), description: t('product_form.saved_description', { name: saved.name }) });
    onSaved(saved);
  };
  const create = useCreateProduct({ onSuccess, onError });
  const update = useUpdateProduct({ onSuccess, onError });
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    onBusyChange(saving || uploading);
  }, [saving, uploading, onBusyChange]);

  const onSubmit = handleSubmit(
    (body) => {
      if (uploading || saving) return;
      const sent = withChangedTax(body, product);
      if (product) update.mutate({ id: product.id, body: sent });
      else create.mutate(sent);
    },
    (fieldErrors) => {
      // SPEC section 5: without a name or a price, 'Please fill in required fields'; other problems
      // show under their field and as a destructive notice.
      if (!hasRequiredFields(getValues())) {
        toast({ variant: 'destructive', title: t('product_form.required_fields') });
        return;
      }
      const first = Object.values(fieldErrors).find((e) => e?.message)?.message;
      if (first) toast({ variant: 'destructive', title: translateValidation(t, first) });
    },
  );

  const field = (key: keyof typeof ids, error: string | undefined) => ({
    id: ids[key],
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${ids[key]}-error` : undefined,
  });

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
      <ProductPhotoField
        savedUrl={product?.imageUrl ?? null}
        value={imageUrl}
        onChange={(url) => setValue('imageUrl', url, { shouldDirty: true })}
        onUploadingChange={setUploading}
      />
      <div className="space-y-2">
        <Label htmlFor={ids.name}>{t('product_form.name')}</Label>
        <Input {...field('name', errors.name?.message)} autoComplete="off" placeholder={t('product_form.name_placeholder')} {...register('name')} />
        <FieldError id={`${ids.name}-error`} message={errors.name?.message} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-2">
          <Label htmlFor={ids.price}>{t('product_form.price')}</Label>
          <Input {...field('price', errors.price?.message)} inputMode="decimal" autoComplete="off" placeholder="2499" {...register('price')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.originalPrice}>{t('product_form.original_price')}</Label>
          <Input {...field('originalPrice', errors.originalPrice?.message)} inputMode="decimal" autoComplete="off" placeholder="2999" {...register('originalPrice')} />
        </div>
      </div>
      <FieldError id={`${ids.price}-error`} message={errors.price?.message} />
      <FieldError id={`${ids.originalPrice}-error`} message={errors.originalPrice?.message} />
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-2">
          <Label htmlFor={ids.category}>{t('product_form.category')}</Label>
          <Select
            {...field('category', errors.category?.message)}
            defaultValue={defaults.category}
            {...register('category', {
              onChange: (event: { target: { value: string } }) => {
                // Issue 28: a new product's return policy follows its category until the seller picks one.
                if (!product && !dirtyFields.returnDays) setValue('returnDays', CATEGORY_RETURN_DAYS[event.target.value as keyof typeof CATEGORY_RETURN_DAYS]);
                if (taxChosenBefore || dirtyFields.hsnCode || dirtyFields.gstRatePercent) return;
                const tax = categoryTax(event.target.value);
                setValue('hsnCode', tax.hsnCode);
                setValue('gstRatePercent', tax.gstRatePercent);
              },
            })}
          >
            {PRODUCT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`product_categories.${category}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.stock}>{t('product_form.stock')}</Label>
          <Input {...field('stock', errors.stockQuantity?.message)} type="number" inputMode="numeric" min={0} step={1} placeholder="0" {...register('stockQuantity')} />
        </div>
      </div>
      <FieldError id={`${ids.stock}-error`} message={errors.stockQuantity?.message} />
      <ProductTermsFields control={control} errors={errors} />
      <div className="space-y-2">
        <Label htmlFor={ids.weight}>{t('product_form.weight')}</Label>
        <Input {...field('weight', errors.weightGrams?.message)} type="number" inputMode="numeric" min={1} max={30000} step={1} placeholder="500" {...register('weightGrams')} />
        <p className="text-xs text-muted-foreground">{t('product_form.weight_hint')}</p>
        <FieldError id={`${ids.weight}-error`} message={errors.weightGrams?.message} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-2">
          <Label htmlFor={ids.hsn}>{t('product_form.hsn_code')}</Label>
          <Input {...field('hsn', errors.hsnCode?.message)} inputMode="numeric" autoComplete="off" placeholder="7117" {...register('hsnCode')} />
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.gst}>{t('product_form.gst_rate')}</Label>
          {/* Controlled: the rate is a number, the option values are text. */}
          <Controller
            control={control}
            name="gstRatePercent"
            render={({ field: rate }) => (
              <Select
                {...field('gst', errors.gstRatePercent?.message)}
                ref={rate.ref}
                name={rate.name}
                value={String(rate.value)}
                onBlur={rate.onBlur}
                onChange={(event) => rate.onChange(Number(event.target.value))}
              >
                {GST_RATE_PERCENTS.map((value) => (
                  <option key={value} value={value}>
                    {value}%
                  </option>
                ))}
              </Select>
            )}
          />
        </div>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{t('product_form.tax_hint')}</p>
      <FieldError id={`${ids.hsn}-error`} message={errors.hsnCode?.message} />
      <FieldError id={`${ids.gst}-error`} message={errors.gstRatePercent?.message} />
      <div className="space-y-2">
        <Label htmlFor={ids.description}>{t('product_form.description')}</Label>
        <Textarea {...field('description', errors.description?.message)} rows={3} placeholder={t('product_form.description_placeholder')} {...register('description')} />
        <FieldError id={`${ids.description}-error`} message={errors.description?.message} />
      </div>
      <div className="flex items-center justify-between gap-4 rounded-xl border p-3">
        <div>
          <Label htmlFor={ids.active}>{t('product_form.active')}</Label>
          <p id={`${ids.active}-hint`} className="mt-1 text-xs text-muted-foreground">
            {t('product_form.active_hint')}
          </p>
        </div>
        <Switch id={ids.active} aria-describedby={`${ids.active}-hint`} {...register('isActive')} />
      </div>
    </form>
  );
}
