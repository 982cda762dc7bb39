import { History, Loader2, PlayCircle, RotateCcw, Trash2, VideoOff } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@live-market/contract/products';
import type { Replay } from '@live-market/contract/shows';
import type { StreamDetail } from '@live-market/contract/streams';
import '../shows-i18n';
import { Button } from '@/components/ui/button';
import { ProductImage } from '@/components/ui/product-image';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteReplay } from '../api/delete-replay';
import { byTime, formatMoment, latestAt } from '../utils/replay-timeline';
import { FeaturedProductCard } from './featured-product-card';
import { ReplayChat } from './replay-chat';
import { StreamAbout, StreamHeading } from './stream-info';
import { StreamProducts } from './stream-products';
import { VideoMessage } from './video-frame';
import { ShowTopBar } from './show-top-bar';

const ConfirmSheet = lazy(() => import('@/components/ui/confirm-sheet').then((m) => ({ default: m.ConfirmSheet })));

/** The video reports its time about four times a second; the page follows it in quarter seconds. */
const STEP_SECONDS = 0.25;

export type ReplayViewProps = {
  stream: StreamDetail;
  replay: Replay;
  userId: string;
  renderFollow: (seller: StreamDetail['seller']) => ReactNode;
  /** Buy from the replay: checkout as Quick Buy, marked as bought from the replay. */
  onBuy: (product: Product, source: 'replay') => void;
  renderWishlist?: (product: Product) => ReactNode;
};

/** The owner's Delete replay, asked twice. */
function DeleteReplayButton({ streamId }: { streamId: string }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const mutation = useDeleteReplay({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: t('shows.replay_deleted_toast') });
    },
    onError: (error) => {
      setConfirming(false);
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('shows.replay_delete_failed') });
    },
  });
  return (
    <>
      <Button variant="outline" size="sm" className="shrink-0 text-destructive" onClick={() => setConfirming(true)} disabled={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
        {t('shows.delete_replay')}
      </Button>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmSheet
            open={confirming}
            onOpenChange={(open) => !mutation.isPending && setConfirming(open)}
            title={t('shows.delete_replay_title')}
            description={t('shows.delete_replay_body')}
            confirmLabel={t('shows.delete_replay')}
            cancelLabel={t('shows.delete_replay_keep')}
            onConfirm={() => mutation.mutate(streamId)}
            pending={mutation.isPending}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * An ended show's page when it was recorded (issue 13): the recording in a plain <video> (the server
 * answers range requests, so seeking fetches only what is watched), the chat replayed in step with it,
 * and at each moment a product was featured, that product with Quick Buy. The list of moments below
 * jumps to each one.
 */
export function ReplayView({ stream, replay, userId, renderFollow, onBuy, renderWishlist }: ReplayViewProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [failed, setFailed] = useState(false);
  const isOwner = stream.seller.userId === userId;
  const featured = useMemo(() => byTime(replay.featured), [replay.featured]);
  const chat = useMemo(() => byTime(replay.chat), [replay.chat]);
  const chapters = useMemo(() => byTime(replay.chapters ?? []), [replay.chapters]);
  const current = latestAt(featured, seconds);
  const buy = useCallback((product: Product) => onBuy(product, 'replay'), [onBuy]);
  useDocumentTitle(stream.title);

  const follow = () => {
    const video = videoRef.current;
    if (video) setSeconds(Math.floor(video.currentTime / STEP_SECONDS) * STEP_SECONDS);
  };

  // A dropped connection or a file the phone cannot decode: say so, and let the viewer try again.
  const retry = () => {
    setFailed(false);
    videoRef.current?.load();
  };

  const jumpTo = (at: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = at;
    setSeconds(at);
    void video.play().catch(() => {
      // Autoplay refused: the picture is at the moment, the viewer presses play.
    });
  };

  const topBar = <ShowTopBar isOwner={isOwner} icon={<History className="size-3" aria-hidden="true" />} label={t('shows.replay_badge')} />;

  return (
    <main className="md:grid md:grid-cols-[minmax(0,1fr)_22rem] md:grid-rows-[auto_auto_auto_auto_1fr] md:gap-x-5 md:p-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex h-[calc(100dvh-4.0625rem-env(safe-area-inset-bottom))] min-h-[28rem] flex-col md:contents">
        <div className="shrink-0 bg-black md:col-start-1 md:row-start-1 md:bg-transparent">
          {/* The top bar sits above the picture, so the video's own controls stay free at the bottom. */}
          <div className="relative aspect-video max-h-[34dvh] w-full overflow-hidden bg-black md:max-h-[70dvh] md:rounded-[var(--radius-card)]">
            <video
              ref={videoRef}
              src={replay.videoUrl}
              controls
              playsInline
              preload="metadata"
              aria-label={t('shows.replay_video')}
              onTimeUpdate={follow}
              onSeeking={follow}
              onSeeked={follow}
              onError={() => setFailed(true)}
              className="size-full object-contain"
            />
            {failed ? (
              <VideoMessage
                icon={<VideoOff className="size-8 opacity-80" aria-hidden="true" />}
                text={t('stream.video_failed')}
                action={
                  <button type="button" onClick={retry} className="inline-flex items-center gap-1.5 rounded-full bg-white px-4 py-2 text-sm font-semibold text-foreground">
                    <RotateCcw className="size-4" aria-hidden="true" />
                    {t('stream.retry')}
                  </button>
                }
              />
            ) : null}
            {topBar}
          </div>
        </div>
        <div className="shrink-0 px-4 pt-3 md:col-start-1 md:row-start-2 md:px-0 md:pt-4">
          <StreamHeading stream={stream} follow={isOwner ? undefined : renderFollow(stream.seller)} ownerAction={isOwner ? <DeleteReplayButton streamId={stream.id} /> : undefined} />
        </div>
        {current ? (
          <div className="shrink-0 px-4 pt-3 md:col-start-1 md:row-start-3 md:px-0 md:pt-4">
            <FeaturedProductCard
              key={`${current.product.id}-${current.atSeconds}`}
              product={current.product}
              onQuickBuy={buy}
              wishlist={isOwner ? undefined : renderWishlist?.(current.product)}
              heading={t('shows.featured_at', { moment: formatMoment(current.atSeconds) })}
            />
          </div>
        ) : null}
        <aside className="mx-4 my-3 min-h-0 flex-1 rounded-[var(--radius-card)] border bg-card p-2 shadow-sm md:sticky md:top-4 md:col-start-2 md:row-span-5 md:row-start-1 md:m-0 md:h-[calc(100dvh-7rem)] md:self-start md:p-3">
          <ReplayChat lines={chat} seconds={seconds} />
        </aside>
      </div>
      <div className="space-y-5 px-4 pt-2 md:col-start-1 md:row-start-4 md:px-0 md:pt-4">
        <StreamAbout stream={stream} />
        {featured.length > 0 || chapters.length > 0 ? (
          <section aria-labelledby="replay-moments-heading" className="space-y-2">
            <h2 id="replay-moments-heading" className="text-lg font-bold">
              {t('shows.moments')}
            </h2>
            <ol className="divide-y rounded-[var(--radius-card)] border bg-card">
              {chapters.map((chapter) => (
                <li key={`chapter-${chapter.atSeconds}`}>
                  <button type="button" onClick={() => jumpTo(chapter.atSeconds)} className="flex min-h-12 w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-muted">
                    <PlayCircle className="size-5 shrink-0 text-primary" aria-hidden="true" />
                    <span className="min-w-0 flex-1 font-medium break-words">{chapter.title}</span>
                    <span className="font-semibold text-muted-foreground tabular-nums">{formatMoment(chapter.atSeconds)}</span>
                  </button>
                </li>
              ))}
              {featured.map((moment) => (
                <li key={`product-${moment.product.id}-${moment.atSeconds}`}>
                  <button
                    type="button"
                    onClick={() => jumpTo(moment.atSeconds)}
                    aria-label={t('shows.jump_to_product', { product: moment.product.name, moment: formatMoment(moment.atSeconds) })}
                    className="flex min-h-14 w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-muted"
                  >
                    <ProductImage src={moment.product.imageUrl} className="size-10 shrink-0 rounded-lg" />
                    <span className="min-w-0 flex-1 font-medium break-words">{moment.product.name}</span>
                    <span className="font-semibold text-primary tabular-nums">{formatMoment(moment.atSeconds)}</span>
                  </button>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </div>
      <div className="px-4 pt-5 pb-6 md:col-start-1 md:row-start-5 md:px-0">
        <StreamProducts streamId={stream.id} featuredId={current?.product.id ?? null} onQuickBuy={buy} renderWishlist={isOwner ? undefined : renderWishlist} />
      </div>
    </main>
  );
}
