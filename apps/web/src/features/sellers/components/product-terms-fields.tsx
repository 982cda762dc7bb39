import '../product-form-i18n';
import { useId, useMemo } from 'react';
import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DEFECT_RETURN_DAYS, RETURN_DAY_CHOICES } from '@live-market/contract/product-terms';
import { FieldError } from '@/components/ui/field-error';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { countryOptions } from '@/lib/country-name';
import type { ProductFormValues } from '../utils/product-form';

type ProductTermsFieldsProps = {
  control: Control<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
};

/**
 * Issue 28: what the product sheet tells a buyer, as the Consumer Protection (E-Commerce) Rules 2020 ask:
 * the country of origin (chosen, never assumed) and the return policy (the category's to start with).
 */
export function ProductTermsFields({ control, errors }: ProductTermsFieldsProps) {
  const { t, i18n } = useTranslation();
  const ids = { origin: useId(), returns: useId() };
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const originError = errors.countryOfOrigin?.message;
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-2">
          <Label htmlFor={ids.origin}>{t('product_form.country_of_origin')}</Label>
          <Controller
            control={control}
            name="countryOfOrigin"
            render={({ field }) => (
              <Select
                id={ids.origin}
                aria-invalid={originError ? true : undefined}
                aria-describedby={originError ? `${ids.origin}-error` : undefined}
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value)}
              >
                <option value="">{t('product_form.choose_country')}</option>
                {countries.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </Select>
            )}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.returns}>{t('product_form.return_policy')}</Label>
          {/* Controlled: the days are a number, the option values are text. */}
          <Controller
            control={control}
            name="returnDays"
            render={({ field }) => (
              <Select id={ids.returns} ref={field.ref} name={field.name} value={String(field.value ?? '')} onBlur={field.onBlur} onChange={(event) => field.onChange(Number(event.target.value))}>
                {RETURN_DAY_CHOICES.map((days) => (
                  <option key={days} value={days}>
                    {days > 0 ? t('return_policy.days', { days }) : t('return_policy.none')}
                  </option>
                ))}
              </Select>
            )}
          />
        </div>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground">{t('return_policy.defects_hint', { days: DEFECT_RETURN_DAYS })}</p>
      <FieldError id={`${ids.origin}-error`} message={originError} />
    </>
  );
}
