import { useTranslation } from 'react-i18next';
import { formatRupees } from '@/lib/format';
import { percentOff } from '@/lib/price';
import { cn } from '@/lib/utils';

type PriceTagProps = {
  price: string | number;
  originalPrice?: string | number | null;
  size?: 'sm' | 'lg';
  className?: string;
};

/** The price in rupees; with a higher original price, that one struck through and a percent-off badge (SPEC section 2). */
export function PriceTag({ price, originalPrice, size = 'sm', className }: PriceTagProps) {
  const { t } = useTranslation();
  const off = percentOff(price, originalPrice);
  return (
    <div className={cn('flex flex-wrap items-baseline gap-x-2 gap-y-1', className)}>
      <span className={cn('font-bold text-foreground', size === 'lg' ? 'text-2xl' : 'text-base')}>{formatRupees(price)}</span>
      {off !== null && originalPrice != null ? (
        <>
          <s className={cn('text-muted-foreground', size === 'lg' ? 'text-base' : 'text-xs')}>
            <span className="sr-only">{t('price.original')} </span>
            {formatRupees(originalPrice)}
          </s>
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-800">{t('price.percent_off', { percent: off })}</span>
        </>
      ) : null}
    </div>
  );
}
