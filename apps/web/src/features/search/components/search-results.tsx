import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import type { SearchType, ShowCard } from '@live-market/contract/search';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useSearchResults } from '../api/search';
import { EmptyResults } from './empty-results';
import { StoreResult } from './store-result';

/** The tabs in the order (shows lead: a live show is what this marketplace has that others don't). */
const TABS: SearchType[] = ['all', 'shows', 'products', 'stores'];

/** On the All tab, shows and stores stop at this many rows and offer their own tab for the rest. */
const ALL_TAB_ROWS = 3;

/** The cards the results show, composed by the app from other features (a product's card opens its sheet). */
export type SearchCards = {
  renderShow: (show: ShowCard) => ReactNode;
  renderProduct: (product: Product) => ReactNode;
  /** A store's Follow button (none for the shopper's own store). */
  renderFollow: (sellerId: string) => ReactNode;
};

type ResultsProps = {
  query: string;
  type: SearchType;
  onTypeChange: (type: SearchType) => void;
  cards: SearchCards;
};

/** All, Shows, Products, Stores: each tab asks the server for its own kind (type=), a page at a time. */
export function SearchResultsTabs(props: ResultsProps) {
  const { t } = useTranslation();
  const items = TABS.map((key) => ({ key, label: t(`search.tab_${key}`), content: <ResultsPanel {...props} type={key} /> }));
  return <Tabs label={t('search.results_label')} items={items} value={props.type} onValueChange={props.onTypeChange} panelClassName="pt-5" />;
}

function Section({ id, title, onMore, children }: { id: string; title: string; onMore?: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        {onMore ? (
          <button type="button" className="min-h-11 rounded-lg px-2 text-sm font-semibold text-primary hover:bg-muted" onClick={onMore}>
            {t('search.see_all')}
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function ResultsPanel({ query, type, onTypeChange, cards }: ResultsProps) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useSearchResults(query, type);
  if (isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-24 w-full rounded-[var(--radius-card)]" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-64 rounded-2xl" />
          <Skeleton className="h-64 rounded-2xl" />
        </div>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center" role="alert">
        <p className="text-sm text-muted-foreground">{t('search.failed')}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          {t('search.retry')}
        </Button>
      </div>
    );
  }
  const first = data.pages[0]!;
  const shows = first.shows;
  const products = data.pages.flatMap((page) => page.products);
  const stores = type === 'stores' ? data.pages.flatMap((page) => page.stores) : first.stores;
  if (shows.length === 0 && products.length === 0 && stores.length === 0) {
    return <EmptyResults query={query} type={type} onSeeAll={() => onTypeChange('all')} />;
  }
  const all = type === 'all';
  return (
    <div className="space-y-8">
      {shows.length > 0 ? (
        <Section id="results-shows" title={t('search.tab_shows')} onMore={all && shows.length > ALL_TAB_ROWS ? () => onTypeChange('shows') : undefined}>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {(all ? shows.slice(0, ALL_TAB_ROWS) : shows).map((show) => (
              <li key={show.id}>{cards.renderShow(show)}</li>
            ))}
          </ul>
        </Section>
      ) : null}
      {/* On All, the few matching stores come before the products, whose pages would push them out of reach. */}
      {stores.length > 0 ? (
        <Section id="results-stores" title={t('search.tab_stores')} onMore={all && stores.length > ALL_TAB_ROWS ? () => onTypeChange('stores') : undefined}>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {(all ? stores.slice(0, ALL_TAB_ROWS) : stores).map((store) => (
              <li key={store.id}>
                <StoreResult store={store} follow={cards.renderFollow(store.id)} />
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {products.length > 0 ? (
        <Section id="results-products" title={t('search.tab_products')}>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {products.map((product) => (
              <li key={product.id} className="flex">
                {cards.renderProduct(product)}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {hasNextPage ? (
        <Button variant="outline" className="w-full" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
          {isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t('search.load_more')}
        </Button>
      ) : null}
    </div>
  );
}
