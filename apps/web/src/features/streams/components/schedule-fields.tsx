import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STREAM_PLANNED_PRODUCTS_MAX } from '@live-market/contract/constants';
import type { Product } from '@live-market/contract/products';
import '../shows-i18n';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ProductImage } from '@/components/ui/product-image';
import { formatRupees } from '@/lib/format';
import { type IstDateTime, scheduleDateRange } from '../utils/schedule';

/** What the dashboard passes in for the thumbnail: the sellers feature's photo upload, bound to this form. */
export type ThumbnailFieldSlot = {
  value: string | undefined;
  onChange: (imageUrl: string | undefined) => void;
  onUploadingChange: (uploading: boolean) => void;
  label: string;
};

type ScheduleFieldsProps = {
  when: IstDateTime;
  onWhenChange: (when: IstDateTime) => void;
  /** The moment the form opened: the date field offers today to 30 days ahead (IST). */
  now: number;
  thumbnail?: ReactNode;
  products: Product[] | undefined;
  productIds: string[];
  onProductIdsChange: (ids: string[]) => void;
};

/**
 * 'Schedule for later' (issue 13): the date and time in IST, whatever zone the phone is in, a
 * thumbnail photo, and which of the store's products the show will feature (at most 20).
 */
export function ScheduleFields({ when, onWhenChange, now, thumbnail, products, productIds, onProductIdsChange }: ScheduleFieldsProps) {
  const { t } = useTranslation();
  const ids = { date: useId(), time: useId(), zone: useId(), products: useId() };
  const range = scheduleDateRange(now);
  const full = productIds.length >= STREAM_PLANNED_PRODUCTS_MAX;

  const toggle = (id: string, on: boolean) => onProductIdsChange(on ? [...productIds, id] : productIds.filter((chosen) => chosen !== id));

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-2">
          <Label htmlFor={ids.date}>{t('shows.date')}</Label>
          <Input
            id={ids.date}
            type="date"
            min={range.min}
            max={range.max}
            value={when.date}
            aria-describedby={ids.zone}
            onChange={(event) => onWhenChange({ ...when, date: event.target.value })}
            className="px-3"
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.time}>{t('shows.time')}</Label>
          <Input
            id={ids.time}
            type="time"
            step={300}
            value={when.time}
            aria-describedby={ids.zone}
            onChange={(event) => onWhenChange({ ...when, time: event.target.value })}
            className="px-3"
          />
        </div>
      </div>
      <p id={ids.zone} className="-mt-2 text-xs text-muted-foreground">
        {t('shows.time_zone_hint')}
      </p>

      {thumbnail}

      {products && products.length > 0 ? (
        <fieldset className="space-y-2" aria-describedby={ids.products}>
          <legend className="text-sm leading-none font-medium">{t('shows.feature_products')}</legend>
          <p id={ids.products} className="pt-1 text-xs text-muted-foreground">
            {t('shows.feature_products_hint', { count: productIds.length, max: STREAM_PLANNED_PRODUCTS_MAX })}
          </p>
          <ul className="max-h-64 divide-y overflow-y-auto rounded-xl border">
            {products.map((product) => {
              const checked = productIds.includes(product.id);
              return (
                <li key={product.id}>
                  <label className="flex min-h-14 cursor-pointer items-center gap-3 px-3 py-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(event) => toggle(product.id, event.target.checked)}
                      className="size-5 shrink-0 accent-brand-600"
                    />
                    <ProductImage src={product.imageUrl} className="size-10 shrink-0 rounded-lg" />
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-2 text-sm font-medium break-words">{product.name}</span>
                      <span className="block text-xs font-semibold text-muted-foreground">{formatRupees(product.price)}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}
