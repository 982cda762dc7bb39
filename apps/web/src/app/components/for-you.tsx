import type { CurrentUser } from '@live-market/contract/auth';
import { ForYouRow, type FeedCards } from '@/features/feed/components/for-you-row';
import { LiveStreamCard } from '@/features/streams/components/live-stream-card';
import { UpcomingCard } from '@/features/streams/components/upcoming-card';
import { offerPush } from '../push';
import { buyNow } from './commerce-sheets';

/** The cards the feed's rows and pages show: the lists' own live and upcoming cards, and Buy Now from the product sheet. */
export function feedCards(user: CurrentUser): FeedCards {
  return {
    renderLive: (show, index) => <LiveStreamCard stream={show} priority={index === 0 ? 'eager' : 'lazy'} />,
    renderUpcoming: (show) => <UpcomingCard show={show} onRemind={() => offerPush(user)} isOwn={show.sellerId === user.seller?.id} className="h-full" />,
    onBuy: (product) => buyNow(product),
  };
}

/** Home's For-you row (issue 29), loaded after Home's own chunk: the skeleton stands in meanwhile. */
export function ForYou({ user }: { user: CurrentUser }) {
  return <ForYouRow {...feedCards(user)} />;
}
