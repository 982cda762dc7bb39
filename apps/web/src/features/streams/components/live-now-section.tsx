import { Radio } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SKELETON_CARD_COUNT } from '@live-market/contract/constants';
import { buttonVariants } from '@/components/ui/button';
import { useLiveStreams } from '../api/get-live-streams';
import { useListsLive } from '../hooks/use-lists-live';
import { useShowsForViewer } from '../hooks/use-show-language';
import { LanguageChips } from './language-chips';
import { firstCards, LiveStreamCard } from './live-stream-card';
import { LiveStreamCardSkeleton } from './live-stream-card-skeleton';

// Issue 29: shown only once the viewer has chosen a language with no live show in it, so not part of the first load.
const NoShowsInLanguage = lazy(() => import('./no-shows-in-language').then((m) => ({ default: m.NoShowsInLanguage })));

export function LiveNowSection() {
  const { t } = useTranslation();
  // Public (decision 003): an expired session is noticed by home's signed-in calls instead.
  const { data: all, isLoading } = useLiveStreams();
  // Issue 29: the viewer's language first; only the chosen one's when they pick one (the same choice as /streams').
  const { shows: streams, chosen } = useShowsForViewer(all);
  // Issue 25: a show appears within 2 s of going live and leaves within 2 s of ending.
  useListsLive();

  return (
    <section aria-labelledby="live-now-heading" className="space-y-4">
      <div className="flex items-center gap-2">
        <span className="relative flex size-2.5" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-live opacity-60" />
          <span className="relative inline-flex size-2.5 rounded-full bg-live" />
        </span>
        <h2 id="live-now-heading" className="text-xl font-bold">
          {t('common.live_now')}
        </h2>
      </div>
      <LanguageChips />

      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: SKELETON_CARD_COUNT }, (_, i) => (
            <LiveStreamCardSkeleton key={i} />
          ))}
        </div>
      ) : streams && streams.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {streams.map((stream, index) => (
            <li key={stream.id}>
              <LiveStreamCard stream={stream} priority={firstCards(index)} />
            </li>
          ))}
        </ul>
      ) : chosen && all && all.length > 0 ? (
        <Suspense fallback={null}>
          <NoShowsInLanguage language={chosen} />
        </Suspense>
      ) : (
        <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed bg-card px-6 py-10 text-center">
          <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-secondary">
            <Radio className="size-7 text-primary" aria-hidden="true" />
          </span>
          <h3 className="text-lg font-semibold">{t('home.no_live_title')}</h3>
          <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('home.no_live_body')}</p>
          <Link href="/streams" className={buttonVariants({ className: 'mt-5' })}>
            {t('home.browse_products')}
          </Link>
        </div>
      )}
    </section>
  );
}
