import 'virtual:english-load/start_stream';
import { Loader2, Play, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../shows-i18n';
import { Button } from '@/components/ui/button';
import { parseApiError } from '@/lib/api-client';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCancelStream } from '../api/cancel-stream';
import { useStartScheduledStream } from '../api/start-scheduled-stream';

const ConfirmSheet = lazy(() => import('@/components/ui/confirm-sheet').then((m) => ({ default: m.ConfirmSheet })));

export type ShowOwnerActionsProps = {
  streamId: string;
  size?: 'sm';
  onStarted?: (streamId: string) => void;
  onCancelled?: () => void;
};

/** The owner's Start now and Cancel show (with a confirm) on an announced show: its page and the dashboard. */
export function ShowOwnerActions({ streamId, size, onStarted, onCancelled }: ShowOwnerActionsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const start = useStartScheduledStream({
    onSuccess: (started) => onStarted?.(started.id),
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
      onCancelled?.();
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
      <Button size={size} className="flex-1" onClick={() => start.mutate(streamId)} disabled={busy} aria-busy={start.isPending}>
        {start.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
        {t('shows.start_now')}
      </Button>
      <Button size={size} variant="outline" className="flex-1 text-destructive" onClick={() => setConfirming(true)} disabled={busy}>
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
            onConfirm={() => cancel.mutate(streamId)}
            pending={cancel.isPending}
          />
        </Suspense>
      ) : null}
    </>
  );
}
