import { RotateCcw } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { StreamDetail } from '@live-market/contract/streams';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { lazyComponent } from '@/lib/lazy-component';
import { useRedirectOnUnauthorized } from '@/lib/session';
import { useStream } from '../api/get-stream';
import { hasEnded, isUpcoming } from '../utils/show-state';
import { StreamNotFound } from './stream-not-found';
import { StreamView, type StreamViewProps } from './stream-view';

// An announced show's page and a recorded show's replay (issue 13) load when such a show is opened:
// the live page a shared link opens stays within its 150 KB budget (decision 015).
const UpcomingShow = lazyComponent(() => import('./upcoming-show').then((m) => m.UpcomingShow));
const EndedShow = lazyComponent(() => import('./ended-show').then((m) => m.EndedShow));

/** An ended show that may have been recorded (the server may already say it has no replay). */
const mayHaveReplay = (stream: StreamDetail) => hasEnded(stream) && stream.hasReplay !== false;

/**
 * Before the browser hydrates a server-rendered stream page: the view it shows, when that is one of the
 * chunks above, loads first, so hydration does not stop at it (a tap there meanwhile would be lost).
 */
export function preloadStreamPageView(stream: StreamDetail | undefined): Promise<unknown> {
  if (stream && isUpcoming(stream)) return UpcomingShow.preload();
  if (stream && mayHaveReplay(stream)) return EndedShow.preload();
  return Promise.resolve();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type StreamPageProps = Omit<StreamViewProps, 'stream'> & {
  streamId: string;
  /** Called in an upcoming show's Remind me tap (the app asks for push permission then). */
  onRemind?: () => void;
};

function StreamLoading() {
  const { t } = useTranslation();
  return (
    <main aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton className="aspect-video max-h-[34dvh] w-full rounded-none bg-neutral-800" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-16 w-full" />
      </div>
    </main>
  );
}

/**
 * /stream/{id}: loads the stream, then shows it live, as an upcoming show, as its replay (an ended show
 * that was recorded) or ended; 'Stream Not Found' when there is none (SPEC section 2).
 */
export function StreamPage({ streamId, onRemind, ...viewProps }: StreamPageProps) {
  const { t } = useTranslation();
  // An id that cannot be a stream's is not asked for.
  const isValidId = UUID.test(streamId);
  const { data: stream, error, isLoading, refetch, isRefetching } = useStream(streamId, { enabled: isValidId });
  useRedirectOnUnauthorized(error);
  const status = parseApiError(error).status;
  // A show that ends while it is watched stays the live page, which says so and moves on (SPEC section
  // 4: viewers go home after 2 s, the owner to the dashboard after 1 s); its replay is for later visits.
  const [seenLive, setSeenLive] = useState(false);
  if (stream?.isLive && !seenLive) setSeenLive(true);
  // Issue 25: the end toast's Watch replay (…?replay) shows it here at once.
  const replayAsked = new URLSearchParams(useSearch()).has('replay');

  if (!isValidId || status === 404 || status === 400) return <StreamNotFound />;
  if (stream && isUpcoming(stream)) {
    return (
      <Suspense fallback={<StreamLoading />}>
        <UpcomingShow stream={stream} {...viewProps} onRemind={onRemind} />
      </Suspense>
    );
  }
  if (stream && mayHaveReplay(stream) && (!seenLive || replayAsked)) {
    return (
      <Suspense fallback={<StreamLoading />}>
        {/* No replay (404, or it failed): the ended page as before. */}
        <EndedShow stream={stream} {...viewProps} ended={<StreamView key={stream.id} stream={stream} {...viewProps} />} />
      </Suspense>
    );
  }
  if (stream) return <StreamView key={stream.id} stream={stream} {...viewProps} />;
  if (isLoading) return <StreamLoading />;
  return (
    <main className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-muted-foreground">{t('stream.load_error')}</p>
      <Button variant="outline" onClick={() => void refetch()} disabled={isRefetching}>
        <RotateCcw aria-hidden="true" />
        {t('stream.try_again')}
      </Button>
    </main>
  );
}
