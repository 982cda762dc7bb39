import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useStreamReplay } from '../api/get-stream-replay';
import { ReplayView, type ReplayViewProps } from './replay-view';

type EndedShowProps = Omit<ReplayViewProps, 'replay'> & {
  /** The ended page as it was before replays: shown when the show has none (404) or it cannot be loaded. */
  ended: ReactNode;
};

/**
 * An ended show (issue 13): its replay when it was recorded, else the ended page. The replay's request
 * and player live in this chunk, off the live page that a shared link opens (150 KB budget).
 */
export function EndedShow({ ended, ...props }: EndedShowProps) {
  const { t } = useTranslation();
  const replay = useStreamReplay(props.stream.id);
  if (replay.data) return <ReplayView replay={replay.data} {...props} />;
  if (replay.isLoading) {
    return (
      <main aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="aspect-video max-h-[34dvh] w-full rounded-none bg-neutral-800" />
        <div className="space-y-3 p-4">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </main>
    );
  }
  return ended;
}
