import { Loader2, Square } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STREAM_END_OWNER_REDIRECT_MS } from '@live-market/contract/constants';
import { Button } from '@/components/ui/button';
import { isUnauthorizedError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useEndStream } from '../api/end-stream';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';
import { stopBroadcast } from '../media/live-broadcast';

const ConfirmSheet = lazy(() => import('@/components/ui/confirm-sheet').then((m) => ({ default: m.ConfirmSheet })));

/**
 * SPEC section 4: ending sets isLive false and endedAt, tells the stream's viewers, then goes to
 * /seller/dashboard after 1 s. A live show is not ended by one stray tap: the seller confirms first.
 */
export function EndStreamButton({ streamId, announceEnded }: { streamId: string; announceEnded: () => boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const navigateLater = useDelayedNavigate();
  const mutation = useEndStream({
    onSuccess: () => {
      setConfirming(false);
      // The camera goes off with the show (the broadcast outlives the page, so it is told).
      stopBroadcast(streamId);
      announceEnded();
      toast({ title: t('stream.ended_toast_title'), description: t('stream.owner_ended_toast_body') });
      navigateLater('/seller/dashboard', STREAM_END_OWNER_REDIRECT_MS);
    },
    onError: (error) => {
      setConfirming(false);
      if (isUnauthorizedError(error)) {
        // Signed out elsewhere: the camera cannot go on, and sign-in must not be asked about leaving.
        stopBroadcast(streamId);
        handleUnauthorized(error);
        return;
      }
      toast({ variant: 'destructive', title: t('stream.end_failed') });
    },
  });
  const busy = mutation.isPending || mutation.isSuccess;
  return (
    <>
      <Button variant="destructive" size="sm" onClick={() => setConfirming(true)} disabled={busy} aria-busy={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Square className="fill-current" aria-hidden="true" />}
        {t('stream.end_stream')}
      </Button>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmSheet
            open={confirming}
            onOpenChange={(open) => !mutation.isPending && setConfirming(open)}
            title={t('stream.end_confirm_title')}
            description={t('stream.end_confirm_body')}
            confirmLabel={t('stream.end_stream')}
            cancelLabel={t('stream.end_confirm_keep')}
            onConfirm={() => mutation.mutate(streamId)}
            pending={mutation.isPending}
          />
        </Suspense>
      ) : null}
    </>
  );
}
