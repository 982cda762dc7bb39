import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { parseApiError } from '@/lib/api-client';
import { useRedirectOnUnauthorized } from '@/lib/session';
import { useStream } from '../api/get-stream';
import { StreamNotFound } from './stream-not-found';
import { StreamView, type StreamViewProps } from './stream-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type StreamPageProps = Omit<StreamViewProps, 'stream'> & { streamId: string };

/** /stream/{id}: loads the stream, then shows it, or 'Stream Not Found' (SPEC section 2). */
export function StreamPage({ streamId, ...viewProps }: StreamPageProps) {
  const { t } = useTranslation();
  // An id that cannot be a stream's is not asked for.
  const isValidId = UUID.test(streamId);
  const { data: stream, error, isLoading, refetch, isRefetching } = useStream(streamId, { enabled: isValidId });
  useRedirectOnUnauthorized(error);
  const status = parseApiError(error).status;

  if (!isValidId || status === 404 || status === 400) return <StreamNotFound />;
  if (stream) return <StreamView key={stream.id} stream={stream} {...viewProps} />;
  if (isLoading) {
    return (
      <main aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="aspect-video w-full rounded-none bg-neutral-800" />
        <div className="space-y-3 p-4">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-16 w-full" />
        </div>
      </main>
    );
  }
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
