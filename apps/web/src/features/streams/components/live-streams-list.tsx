import { Bell, Home, Radio, RotateCcw } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SKELETON_CARD_COUNT } from '@live-market/contract/constants';
import { Button, buttonVariants } from '@/components/ui/button';
import { useRedirectOnUnauthorized } from '@/lib/session';
import { useLiveStreams } from '../api/get-live-streams';
import { useListsLive } from '../hooks/use-lists-live';
import { useShowsForViewer } from '../hooks/use-show-language';
import { firstCards, LiveStreamCard } from './live-stream-card';
import { LiveStreamCardSkeleton } from './live-stream-card-skeleton';

// Issue 29: shown only once the viewer has chosen a language with no live show in it, so not part of the first load.
const NoShowsInLanguage = lazy(() => import('./no-shows-in-language').then((m) => ({ default: m.NoShowsInLanguage })));

/** /streams: every live stream as a card linking to /stream/{id}; 'No Live Streams' when there are none. */
export function LiveStreamsList() {
  const { t } = useTranslation();
  const { data: all, isLoading, error, refetch, isRefetching } = useLiveStreams();
  // Issue 29: the viewer's language first; only the chosen one's when they pick one in Filter.
  const { shows: streams, chosen } = useShowsForViewer(all);
  useRedirectOnUnauthorized(error);
  // Issue 25: a show appears within 2 s of going live and leaves within 2 s of ending.
  useListsLive();

  if (isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
          <LiveStreamCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (error && !streams) {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-muted-foreground">{t('streams.load_error')}</p>
        <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
          <RotateCcw aria-hidden="true" />
          {t('streams.try_again')}
        </Button>
      </div>
    );
  }

  if (chosen && streams?.length === 0 && all && all.length > 0) {
    return (
      <Suspense fallback={null}>
        <NoShowsInLanguage language={chosen} />
      </Suspense>
    );
  }
  if (!streams || streams.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed bg-card px-6 py-12 text-center">
        <span className="mb-4 flex size-16 items-center justify-center rounded-full bg-secondary">
          <Radio className="size-8 text-primary" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold">{t('streams.empty_title')}</h2>
        <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('streams.empty_body')}</p>
        <div className="mt-6 flex w-full max-w-xs flex-col gap-3">
          <Link href="/notifications" className={buttonVariants()}>
            <Bell aria-hidden="true" />
            {t('streams.set_notifications')}
          </Link>
          <Link href="/" className={buttonVariants({ variant: 'outline' })}>
            <Home aria-hidden="true" />
            {t('streams.back_home')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {streams.map((stream, index) => (
        <li key={stream.id}>
          <LiveStreamCard stream={stream} priority={firstCards(index)} />
        </li>
      ))}
    </ul>
  );
}
