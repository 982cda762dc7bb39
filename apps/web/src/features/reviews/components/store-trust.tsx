import 'virtual:english-load/reviews';
import { Star } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreTrust } from '../api/reviews';

const StoreReviewsSheet = lazy(() => import('./store-reviews-sheet').then((m) => ({ default: m.StoreReviewsSheet })));

const percent = (rate: number) => Math.round(rate * 100);

/**
 * The store's real rating (or "New"), its on-time shipping and its cancellations, beside its name on the
 * stream page; a tap opens its reviews.
 */
export function StoreTrust({ sellerId, storeName }: { sellerId: string; storeName: string }) {
  const { t } = useTranslation();
  const { data: trust } = useStoreTrust(sellerId);
  const [sheet, setSheet] = useState<{ open: boolean } | null>(null);
  if (!trust) return null;
  const { rating } = trust;
  const facts = [
    trust.onTimeShippingRate !== null ? t('reviews.on_time', { percent: percent(trust.onTimeShippingRate) }) : null,
    trust.cancellationRate !== null ? t('reviews.cancelled', { percent: percent(trust.cancellationRate) }) : null,
  ].filter(Boolean);
  return (
    <>
      <button type="button" onClick={() => setSheet({ open: true })} className="flex min-h-9 flex-wrap items-center gap-x-2 gap-y-0.5 text-left text-xs text-muted-foreground hover:text-foreground">
        {rating.average !== null ? (
          <span className="inline-flex items-center gap-1 font-semibold text-foreground" aria-label={t('reviews.rated', { rating: rating.average, count: rating.count })}>
            <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
            <span aria-hidden="true">
              {rating.average} ({rating.count})
            </span>
          </span>
        ) : (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 font-semibold text-brand-700" aria-label={t('reviews.new_label')}>
            {t('reviews.new')}
          </span>
        )}
        {facts.map((fact) => (
          <span key={fact}>· {fact}</span>
        ))}
      </button>
      {sheet ? (
        <Suspense fallback={null}>
          <StoreReviewsSheet sellerId={sellerId} storeName={storeName} open={sheet.open} onOpenChange={(open) => setSheet({ open })} />
        </Suspense>
      ) : null}
    </>
  );
}
