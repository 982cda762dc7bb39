import 'virtual:english-load/reviews';
import { Star } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderItem } from '@live-market/contract/orders';
import { Button } from '@/components/ui/button';
import { Stars } from './stars';
import { useOrderReviews } from '../api/reviews';

const ReviewSheet = lazy(() => import('./review-sheet').then((m) => ({ default: m.ReviewSheet })));

/** A delivered order's items, each with the buyer's stars or 'Rate this item' (once per item). */
export function OrderReviews({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const delivered = order.status === 'delivered';
  const { data: reviews } = useOrderReviews(order.id, delivered);
  const [rating, setRating] = useState<{ item: OrderItem; open: boolean } | null>(null);
  if (!delivered || !reviews) return null;
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold">{t('reviews.order_title')}</h3>
      <ul className="space-y-2">
        {order.items.map((item) => {
          const mine = reviews.find((r) => r.orderItemId === item.id);
          return (
            <li key={item.id} className="flex min-h-11 items-center justify-between gap-3 text-sm">
              <span className="min-w-0 flex-1 line-clamp-2">{item.name}</span>
              {mine ? (
                <Stars rating={mine.rating} />
              ) : (
                <Button size="sm" variant="outline" onClick={() => setRating({ item, open: true })} aria-label={t('reviews.rate_label', { name: item.name })}>
                  <Star aria-hidden="true" />
                  {t('reviews.rate')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {rating ? (
        <Suspense fallback={null}>
          <ReviewSheet key={rating.item.id} orderId={order.id} sellerId={order.sellerId} item={rating.item} open={rating.open} onOpenChange={(open) => setRating({ ...rating, open })} />
        </Suspense>
      ) : null}
    </section>
  );
}
