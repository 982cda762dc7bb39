import { Loader2, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { STREAM_END_OWNER_REDIRECT_MS } from '@live-market/contract/constants';
import { Button } from '@/components/ui/button';
import { handleUnauthorized } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useEndStream } from '../api/end-stream';
import { useDelayedNavigate } from '../hooks/use-delayed-navigate';

/**
 * SPEC section 4: ending sets isLive false and endedAt, tells the stream's viewers, then goes to
 * /seller/dashboard after 1 s.
 */
export function EndStreamButton({ streamId, announceEnded }: { streamId: string; announceEnded: () => boolean }) {
  const { t } = useTranslation();
  const navigateLater = useDelayedNavigate();
  const mutation = useEndStream({
    onSuccess: () => {
      announceEnded();
      toast({ title: t('stream.ended_toast_title'), description: t('stream.owner_ended_toast_body') });
      navigateLater('/seller/dashboard', STREAM_END_OWNER_REDIRECT_MS);
    },
    onError: (error) => {
      if (handleUnauthorized(error)) return;
      toast({ variant: 'destructive', title: t('stream.end_failed') });
    },
  });
  return (
    <Button variant="destructive" size="sm" onClick={() => mutation.mutate(streamId)} disabled={mutation.isPending || mutation.isSuccess} aria-busy={mutation.isPending}>
      {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Square className="fill-current" aria-hidden="true" />}
      {t('stream.end_stream')}
    </Button>
  );
}
