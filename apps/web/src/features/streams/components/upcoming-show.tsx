import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Loader2, Play, Trash2, Video } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Product } from '@live-market/contract/products';
import type { StreamDetail } from '@live-market/contract/streams';
import '../shows-i18n';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCancelStream } from '../api/cancel-stream';
import { getStreamQueryOptions } from '../api/get-stream';
import { useUpcomingStreams } from '../api/get-upcoming-streams';
import { useStartScheduledStream } from '../api/start-scheduled-stream';
import { useCountdown } from '../hooks/use-countdown';
import { formatShowTime } from '../utils/schedule';
import { ProductCard } from './product-card';
import { RemindButton } from './remind-button';
import { ShareShowButton } from './share-show-button';
import { ShowCountdown, ShowTime } from './show-countdown';
import { StreamHeading } from './stream-info';
import { StreamProducts } from './stream-products';
import { VideoTopBar } from './video-top-bar';

const ConfirmSheet = lazy(() => import('@/components/ui/confirm-sheet').then((m) => ({ default: m.ConfirmSheet })));

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

/** The owner's Start now and Cancel show. */
function OwnerActions({ stream }: { stream: StreamDetail }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const start = useStartScheduledStream({
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      const { status, userMessage } = parseApiError(error);
      // 409: another of the seller's shows is live; the server says so in their language.
      toast({ variant: 'destructive', title: t('shows.start_failed'), description: status === 409 ? (userMessage ?? t('start_stream.already_live')) : undefined });
    },
  });
  const cancel = useCancelStream({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: t('shows.cancelled_toast') });
      navigate('/seller/dashboard');
    },
    onError: (error) => {
      setConfirming(false);
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('shows.cancel_failed'), description: parseApiError(error).userMessage ?? undefined });
    },
  });
  const busy = start.isPending || cancel.isPending;
  return (
    <>
      <Button className="flex-1" onClick={() => start.mutate(stream.id)} disabled={busy} aria-busy={start.isPending}>
        {start.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
        {t('shows.start_now')}
      </Button>
      <Button variant="outline" className="flex-1 text-destructive" onClick={() => setConfirming(true)} disabled={busy}>
        <Trash2 aria-hidden="true" />
        {t('shows.cancel_show')}
      </Button>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmSheet
            open={confirming}
            onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
            title={t('shows.cancel_confirm_title')}
            description={t('shows.cancel_confirm_body')}
            confirmLabel={t('shows.cancel_show')}
            cancelLabel={t('shows.cancel_confirm_keep')}
            onConfirm={() => cancel.mutate(stream.id)}
            pending={cancel.isPending}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * /stream/{id} of an announced show (issue 13): the thumbnail with the countdown, the time in IST,
 * Remind me and Share (the owner: Start now and Cancel show), and the products it will feature. The
 * page looks again now and then, and turns into the live show once the seller starts it.
 */
export function UpcomingShow({ stream, userId, renderFollow, onBuy, renderWishlist, onRemind }: UpcomingShowProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const isOwner = stream.seller.userId === userId;
  const scheduledFor = stream.scheduledFor ?? '';
  const listing = useUpcomingStreams().data?.find((show) => show.id === stream.id);
  const left = useCountdown(scheduledFor);
  const due = left !== null && left.totalSeconds === 0;
  useDocumentTitle(stream.title);

  useEffect(() => {
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: getStreamQueryOptions(stream.id).queryKey, exact: true }), due ? POLL_DUE_MS : POLL_WAITING_MS);
    return () => clearInterval(timer);
  }, [queryClient, stream.id, due]);

  const featured = listing?.featuredProducts ?? [];
  const buy = (product: Product) => onBuy(product, 'live');
  const when = formatShowTime(scheduledFor, i18n.language);
  const topBar = (
    <VideoTopBar
      backTo={isOwner ? '/seller/dashboard' : '/'}
      isLive={false}
      viewerCount={0}
      label={
        <Badge variant="upcoming" className="shadow">
          <CalendarClock className="size-3" aria-hidden="true" />
          {t('shows.upcoming_badge')}
        </Badge>
      }
    />
  );

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
            <OwnerActions stream={stream} />
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
