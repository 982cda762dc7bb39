import { Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProductCategory } from '@live-market/contract/catalog';
import '../category-i18n';
import { categoryName } from '../category-name';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCategoryPage } from '../api/get-category-page';
import type { FeedCards } from './for-you-row';
import { ProductTile } from './product-tile';

/** A category's live shows, its announced ones and its products (a page at a time), from the cards the app hands in. */
export function CategoryView({ category, cards }: { category: ProductCategory; cards: FeedCards }) {
  const { t } = useTranslation();
  const name = categoryName(t, category);
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useCategoryPage(category);

  if (isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="aspect-video w-full rounded-[var(--radius-card)]" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-56 rounded-2xl" />
          <Skeleton className="h-56 rounded-2xl" />
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm text-muted-foreground">{t('category.failed')}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          {t('category.retry')}
        </Button>
      </div>
    );
  }
  const first = data.pages[0]!;
  const products = data.pages.flatMap((page) => page.products);
  const noShows = first.live.length === 0 && first.upcoming.length === 0;
  return (
    <div className="space-y-8">
      {first.live.length > 0 ? (
        <section aria-labelledby="category-live" className="space-y-3">
          <h2 id="category-live" className="text-lg font-bold">
            {t('category.live')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {first.live.map((show, index) => (
              <li key={show.id}>{cards.renderLive(show, index)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {first.upcoming.length > 0 ? (
        <section aria-labelledby="category-upcoming" className="space-y-3">
          <h2 id="category-upcoming" className="text-lg font-bold">
            {t('category.upcoming')}
          </h2>
          <ul className="relative -mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none]">
            {first.upcoming.map((show) => (
              <li key={show.id} className="w-[80%] max-w-xs shrink-0 snap-start">
                {cards.renderUpcoming(show)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {noShows ? <p className="rounded-[var(--radius-card)] border border-dashed bg-card p-4 text-sm text-muted-foreground">{t('category.no_shows', { category: name })}</p> : null}
      <section aria-labelledby="category-products" className="space-y-3">
        <h2 id="category-products" className="text-lg font-bold">
          {t('category.products')}
        </h2>
        {products.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('category.no_products', { category: name })}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {products.map((product) => (
              <li key={product.id}>
                <ProductTile product={product} onBuy={cards.onBuy} className="h-full w-full" />
              </li>
            ))}
          </ul>
        )}
        {hasNextPage ? (
          <Button variant="outline" className="w-full" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t('category.load_more')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
