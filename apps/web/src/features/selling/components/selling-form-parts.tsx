import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import { ProductImage } from '@/components/ui/product-image';
import { formatCount, formatRupees } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The product a deal or auction is for, at the top of its sheet. */
export function ProductSummary({ product }: { product: Product }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-3 rounded-2xl bg-muted p-2">
      <ProductImage src={product.imageUrl} className="size-14 shrink-0 rounded-xl" />
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold">{product.name}</p>
        <p className="text-sm text-muted-foreground">
          <span className="font-bold text-foreground tabular-nums">{formatRupees(product.price)}</span> · {t('selling.in_stock', { stock: formatCount(product.stockQuantity) })}
        </p>
      </div>
    </div>
  );
}

type DurationChipsProps = { name: string; label: string; options: readonly number[]; value: number; onChange: (seconds: number) => void; disabled?: boolean };

/** How long it runs: a few one-tap choices within the contract's limits. */
export function DurationChips({ name, label, options, value, onChange, disabled }: DurationChipsProps) {
  const { t } = useTranslation();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className="grid grid-cols-4 gap-2">
        {options.map((seconds) => (
          <label
            key={seconds}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-xl border px-1 text-center text-sm font-semibold has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-brand-500/15',
              seconds === value ? 'border-brand-500 bg-brand-50 text-brand-700' : 'bg-card hover:bg-muted',
            )}
          >
            <input type="radio" name={name} value={seconds} checked={seconds === value} onChange={() => onChange(seconds)} className="sr-only" />
            {seconds < 60 ? t('selling.duration_seconds', { n: seconds }) : t('selling.duration_minutes', { n: seconds / 60 })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A field's message under it, announced when it appears. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}
