import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Video } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Product } from '@live-market/contract/products';
import type { StreamDetail } from '@live-market/contract/streams';
import '../shows-i18n';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { useDocumentTitle } from '@/lib/use-document-title';
import { getStreamQueryOptions } from '../api/get-stream';
import { useUpcomingStreams } from '../api/get-upcoming-streams';
import { useCountdown } from '../hooks/use-countdown';
import { useListsLive } from '../hooks/use-lists-live';
import { formatShowTime } from '../utils/schedule';
import { ProductCard } from './product-card';
import { RemindButton } from './remind-button';
import { ShareShowButton } from './share-show-button';
import { ShowOwnerActions } from './show-owner-actions';
import { ShowCountdown, ShowTime } from './show-countdown';
import { StreamHeading } from './stream-info';
import { StreamProducts } from './stream-products';
import { ShowTopBar } from './show-top-bar';


/** How often a waiting page asks whether the show has started: rarely while far off, often once its time has come. */
const POLL_WAITING_MS = 60_000;
const POLL_DUE_MS = 10_000;

export type UpcomingShowProps = {
  stream: StreamDetail;
  userId: string;
  renderFollow: (seller: StreamDetail['seller']) => ReactNode;
  /** Buy Now on a product of the show: checkout, as on the live page. */
  onBuy: (product: Product, source: 'live') => void;
  renderWishlist?: (product: Product) => ReactNode;
  /** Called in the Remind me tap (the app asks for push permission then). */
  onRemind?: () => void;
};

/**
 * /stream/{id} of an announced show (issue 13): the thumbnail with the countdown, the time in IST,
 * Remind me and Share (the owner: Start now and Cancel show), and the products it will feature. The
 * page turns into the live show as soon as the seller starts it (issue 25), and looks again now and then.
 */
export function UpcomingShow({ stream, userId, renderFollow, onBuy, renderWishlist, onRemind }: UpcomingShowProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const isOwner = stream.seller.userId === userId;
  const scheduledFor = stream.scheduledFor ?? '';
  const listing = useUpcomingStreams().data?.find((show) => show.id === stream.id);
  const left = useCountdown(scheduledFor);
  const due = left !== null && left.totalSeconds === 0;
  useDocumentTitle(stream.title);
  // Issue 25: the seller's start reaches this page within 2 s (the lists' listing_update turns the
  // cached show live); the look now and then below is the fallback while the socket is away.
  useListsLive();

  useEffect(() => {
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: getStreamQueryOptions(stream.id).queryKey, exact: true }), due ? POLL_DUE_MS : POLL_WAITING_MS);
    return () => clearInterval(timer);
  }, [queryClient, stream.id, due]);

  const featured = listing?.featuredProducts ?? [];
  const buy = (product: Product) => onBuy(product, 'live');
  const when = formatShowTime(scheduledFor, i18n.language);
  const topBar = <ShowTopBar isOwner={isOwner} icon={<CalendarClock className="size-3" aria-hidden="true" />} label={t('shows.upcoming_badge')} />;

  return (
    <main className="md:mx-auto md:max-w-3xl md:p-4">
      <div className="relative aspect-video max-h-[34dvh] w-full overflow-hidden bg-neutral-900 md:max-h-[60dvh] md:rounded-[var(--radius-card)]">
        {stream.thumbnailUrl ? (
          <ResponsiveImage src={stream.thumbnailUrl} sizes="(min-width: 768px) 768px, 100vw" width={640} height={360} priority="high" className="size-full object-cover opacity-80" />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-violet-900 to-brand-700" aria-hidden="true">
            <Video className="size-12 text-white/60" />
          </div>
        )}
        {topBar}
        <div className="absolute inset-x-0 bottom-0 flex flex-col items-center gap-1 bg-gradient-to-t from-black/75 to-transparent px-4 pt-10 pb-3 text-center text-white">
          <ShowCountdown scheduledFor={scheduledFor} className="text-xl font-bold" />
          <ShowTime scheduledFor={scheduledFor} className="text-sm font-medium text-white/90" />
        </div>
      </div>

      <div className="space-y-4 px-4 pt-3 pb-6 md:px-0">
        <StreamHeading stream={stream} follow={isOwner ? undefined : renderFollow(stream.seller)} />
        {isOwner ? (
          <div className="flex flex-wrap gap-2">
            <ShowOwnerActions streamId={stream.id} onCancelled={() => navigate('/seller/dashboard')} />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {isOwner ? null : <RemindButton streamId={stream.id} reminded={stream.reminded ?? listing?.reminded ?? false} onRemind={onRemind} size="default" />}
          <ShareShowButton
            streamId={stream.id}
            title={stream.title}
            text={t('shows.share_text', { title: stream.title, store: stream.seller.storeName, time: when })}
            size="default"
          />
        </div>
        {isOwner ? <p className="text-sm text-muted-foreground">{t('shows.owner_hint')}</p> : null}
        {stream.description ? <p className="text-sm leading-relaxed whitespace-pre-line text-foreground/80">{stream.description}</p> : null}

        {featured.length > 0 ? (
          <section aria-labelledby="show-products-heading" className="space-y-3">
            <h2 id="show-products-heading" className="text-lg font-bold">
              {t('shows.products_in_show')}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {featured.map((product) => (
                <li key={product.id} className="flex">
                  <ProductCard product={product} isFeatured={false} onQuickBuy={buy} wishlist={isOwner ? undefined : renderWishlist?.(product)} />
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <StreamProducts streamId={stream.id} featuredId={null} onQuickBuy={buy} renderWishlist={isOwner ? undefined : renderWishlist} />
        )}
      </div>
    </main>
  );
}
