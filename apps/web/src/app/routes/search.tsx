import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@live-market/contract/auth';
import type { SearchCards } from '@/features/search/components/search-results';
import { SearchPage } from '@/features/search/components/search-page';
import { ShowResult } from '@/features/search/components/show-result';
import { LanguageLabel } from '@/features/streams/components/language-label';
import { ProductCard } from '@/features/streams/components/product-card';
import { formatShowTime } from '@/features/streams/utils/schedule';
import { buyNow } from '../components/commerce-sheets';
import { offerPush } from '../push';

// Only once a search finds a store.
const FollowButton = lazy(() => import('@/features/sellers/components/follow-button').then((m) => ({ default: m.FollowButton })));

/** Issue 29: /search?q=&type= (the words and the tab in the address, so Back and refresh keep them). */
export function SearchRoute({ user }: { user: CurrentUser }) {
  const { i18n } = useTranslation();
  // The lists' own pieces: a show's language pill and IST start time, the product card (its sheet, Buy Now), Follow.
  const cards: SearchCards = {
    renderShow: (show) => (
      <ShowResult
        show={show}
        language={<LanguageLabel language={show.language} className="px-2 py-0.5" />}
        startsAt={!show.isLive && show.scheduledFor ? formatShowTime(show.scheduledFor, i18n.language) : null}
      />
    ),
    renderProduct: (product) => <ProductCard product={product} isFeatured={false} onQuickBuy={(chosen) => buyNow(chosen)} />,
    renderFollow: (sellerId) =>
      sellerId === user.seller?.id ? null : (
        <Suspense fallback={null}>
          <FollowButton sellerId={sellerId} onFollow={() => offerPush(user)} />
        </Suspense>
      ),
  };
  return <SearchPage cards={cards} />;
}
