import 'virtual:english-load/reviews';
import 'virtual:english-load/checkout';
import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Review, StoreRating } from '@live-market/contract/reviews';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-date';
import { useStoreReviews } from '../api/reviews';
import { Stars } from './stars';

type StoreReviewsSheetProps = { sellerId: string; storeName: string; open: boolean; onOpenChange: (open: boolean) => void };

/** A store's rating (with how many gave each star) and its reviews, newest first, with its replies. */
export function StoreReviewsSheet({ sellerId, storeName, open, onOpenChange }: StoreReviewsSheetProps) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } = useStoreReviews(sellerId, open);
  const first = data?.pages[0];
  const reviews = data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t('reviews.title', { store: storeName })}>
      {isLoading ? (
        <Skeleton className="h-32 rounded-2xl" />
      ) : isError || !first ? (
        <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
          <span role="alert">{t('reviews.load_error')}</span>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      ) : (
        <div className="space-y-5">
          <Summary rating={first} />
          {reviews.length ? (
            <ul className="space-y-4">
              {reviews.map((review) => (
                <ReviewItem key={review.id} review={review} storeName={storeName} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t('reviews.none')}</p>
          )}
          {hasNextPage ? (
            <Button variant="outline" className="w-full" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t('reviews.load_more')}
            </Button>
          ) : null}
        </div>
      )}
    </Sheet>
  );
}

function Summary({ rating }: { rating: StoreRating }) {
  const { t } = useTranslation();
  if (rating.average === null) return <p className="text-sm font-semibold">{t('reviews.new_label')}</p>;
  return (
    <div className="flex items-center gap-4">
      <div className="text-center">
        <p className="text-3xl font-bold tabular-nums">{rating.average}</p>
        <Stars rating={Math.round(rating.average)} />
        <p className="text-xs text-muted-foreground">{t('reviews.count', { count: rating.count })}</p>
      </div>
      <ol className="flex-1 space-y-1" aria-label={t('reviews.distribution')}>
        {[5, 4, 3, 2, 1].map((star) => {
          const n = rating.distribution[star - 1] ?? 0;
          return (
            <li key={star} className="flex items-center gap-2 text-xs" aria-label={t('reviews.distribution_row', { star, n })}>
              <span className="w-3 tabular-nums" aria-hidden="true">
                {star}
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${(n / rating.count) * 100}%` }} />
              </span>
              <span className="w-6 text-right tabular-nums text-muted-foreground" aria-hidden="true">
                {n}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function ReviewItem({ review, storeName, children }: { review: Review; storeName: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <li className="space-y-1.5 border-b pb-4 text-sm last:border-b-0">
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        <span className="font-semibold">{review.buyerName ?? t('reviews.deleted_user')}</span>
        <span className="text-xs text-muted-foreground">{formatDate(review.createdAt)}</span>
      </div>
      <p className="text-xs text-muted-foreground">{t('reviews.verified', { product: review.productName })}</p>
      {review.text ? <p className="whitespace-pre-line">{review.text}</p> : null}
      {review.reply ? (
        <div className="rounded-xl bg-muted px-3 py-2">
          <p className="text-xs font-semibold">{t('reviews.reply_from', { store: storeName })}</p>
          <p className="whitespace-pre-line">{review.reply.text}</p>
        </div>
      ) : null}
      {children}
    </li>
  );
}
