import { LayoutDashboard, Store } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '@live-market/contract/auth';
import { buttonVariants } from '@/components/ui/button';
import { StartSellingBanner } from '@/features/sellers/components/start-selling-banner';
import { ForYouSkeleton } from '@/features/feed/components/for-you-frame';
import { SearchEntry } from '@/features/search/components/search-entry';
import { CategoryTiles } from '@/features/streams/components/category-tiles';
import { JustEndedSlot } from '@/features/streams/components/just-ended-slot';
import { LiveNowSection } from '@/features/streams/components/live-now-section';
import { UpcomingSection } from '@/features/streams/components/upcoming-section';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { useRedirectOnUnauthorized } from '@/lib/session';
import { HomeHeader } from '../components/home-header';
import { offerPush } from '../push';

// Only in the 'Just ended' card, when the store has no next show announced: not part of Home's first load.
const FollowButton = lazy(() => import('@/features/sellers/components/follow-button').then((m) => ({ default: m.FollowButton })));
// Issue 29: the For-you row leads Home; its cards load after Home's own chunk, its skeleton (rendered on the server) meanwhile.
const ForYou = lazy(() => import('../components/for-you').then((m) => ({ default: m.ForYou })));

export function HomeRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const name = user.firstName?.trim() || t('common.shopper');
  // SPEC section 8: the live list is public, so an expired session shows on home through the header's
  // own signed-in call (the unread count), with the 'Unauthorized' toast and sign-in after 500 ms.
  useRedirectOnUnauthorized(useUnreadCount().error);
  return (
    <>
      <HomeHeader user={user} />
      <main className="space-y-8 px-4 pt-5 pb-6">
        {/* Issue 29: looks like a field, opens /search: the search code stays out of Home's first load. */}
        <SearchEntry />
        {/* Issue 25: the show this viewer was watching when it ended leads: its replay, the store's next show. */}
        <JustEndedSlot
          onRemind={() => offerPush(user)}
          renderFollow={(sellerId) => (
            <Suspense fallback={null}>
              <FollowButton sellerId={sellerId} onFollow={() => offerPush(user)} />
            </Suspense>
          )}
        />
        <Suspense fallback={<ForYouSkeleton />}>
          <ForYou user={user} />
        </Suspense>
        <section className="space-y-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight">{t('common.welcome', { name })}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{t('home.subtitle')}</p>
          </div>
          {user.isSeller ? (
            <Link href="/seller/dashboard" className={buttonVariants({ className: 'w-full sm:w-auto' })}>
              <LayoutDashboard aria-hidden="true" />
              {t('home.seller_dashboard')}
            </Link>
          ) : (
            <Link href="/become-seller" className={buttonVariants({ className: 'w-full sm:w-auto' })}>
              <Store aria-hidden="true" />
              {t('home.become_seller')}
            </Link>
          )}
        </section>
        <LiveNowSection />
        {/* Issue 13: announced shows, under Live Now. */}
        <UpcomingSection onRemind={() => offerPush(user)} ownSellerId={user.seller?.id} />
        <CategoryTiles />
        <StartSellingBanner />
      </main>
    </>
  );
}
