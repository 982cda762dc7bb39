import 'virtual:english-load/reviews';
import 'virtual:english-load/checkout';
import { Loader2, MessageSquareReply } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_REPLY_MAX, type Review } from '@live-market/contract/reviews';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useReplyToReview, useStoreReviews } from '../api/reviews';
import { ReviewItem } from './store-reviews-sheet';
import { Stars } from './stars';

/** The seller's dashboard: the store's rating and its reviews, each answered once with 'Reply'. */
export function SellerReviewsCard({ sellerId, storeName }: { sellerId: string; storeName: string }) {
  const { t } = useTranslation();
  const { data, isLoading, fetchNextPage, hasNextPage, isFetchingNextPage } = useStoreReviews(sellerId);
  const first = data?.pages[0];
  const reviews = data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <Card className="space-y-3 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-semibold">{t('reviews.seller_title')}</h2>
        {first?.average != null ? (
          <span className="flex items-center gap-1.5 text-sm font-semibold">
            <Stars rating={Math.round(first.average)} />
            {first.average} ({first.count})
          </span>
        ) : null}
      </div>
      {isLoading ? (
        <Skeleton className="h-24 rounded-2xl" />
      ) : reviews.length ? (
        <ul className="space-y-4">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} storeName={storeName}>
              {review.reply ? null : <ReplyForm review={review} sellerId={sellerId} />}
            </ReviewItem>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t('reviews.seller_none')}</p>
      )}
      {hasNextPage ? (
        <Button variant="outline" className="w-full" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          {t('reviews.load_more')}
        </Button>
      ) : null}
    </Card>
  );
}

function ReplyForm({ review, sellerId }: { review: Review; sellerId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const reply = useReplyToReview(sellerId, {
    onSuccess: () => setOpen(false),
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('reviews.reply_failed'), description: parseApiError(error).userMessage ?? t('checkout.try_again') });
    },
  });
  if (!open) {
    return (
      <Button size="sm" variant="ghost" className="text-primary" onClick={() => setOpen(true)} aria-label={t('reviews.reply_label', { name: review.buyerName ?? t('reviews.deleted_user') })}>
        <MessageSquareReply aria-hidden="true" />
        {t('reviews.reply')}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) reply.mutate({ reviewId: review.id, text: text.trim() });
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        {t('reviews.reply_label', { name: review.buyerName ?? t('reviews.deleted_user') })}
      </label>
      <Textarea id={id} rows={3} maxLength={REVIEW_REPLY_MAX} placeholder={t('reviews.reply_placeholder')} value={text} onChange={(event) => setText(event.target.value)} />
      <div className="flex gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)} disabled={reply.isPending}>
          {t('checkout.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={reply.isPending || !text.trim()} aria-busy={reply.isPending}>
          {reply.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('reviews.send_reply')}
        </Button>
      </div>
    </form>
  );
}
