import 'virtual:english-load/reviews';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Five stars, `rating` of them filled; read as "4 stars". */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('reviews.stars', { count: rating })} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')} aria-hidden="true" />
      ))}
    </span>
  );
}

/** 1 to 5 stars as radio buttons: a tap on the third star chooses 3; arrow keys move between them. */
export function StarsInput({ value, onChange, name, describedBy }: { value: number; onChange: (n: number) => void; name: string; describedBy?: string }) {
  const { t } = useTranslation();
  return (
    <div role="radiogroup" aria-label={t('reviews.your_rating')} aria-describedby={describedBy} className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className="relative grid size-11 cursor-pointer place-items-center rounded-full has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500">
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" aria-label={t('reviews.stars', { count: n })} />
          <Star className={cn('size-8 transition', n <= value ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/50')} aria-hidden="true" />
        </label>
      ))}
    </div>
  );
}
