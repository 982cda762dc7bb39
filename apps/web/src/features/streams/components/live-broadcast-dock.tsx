import '../broadcast-i18n';
import { ChevronRight, Eye } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { isUnauthorizedError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { guardSignOut, handleUnauthorized, signOutNow } from '@/lib/session';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useEndStream } from '../api/end-stream';
import { useStream } from '../api/get-stream';
import { useBroadcast } from '../hooks/use-live-broadcast';
import { stopBroadcast, type Broadcast } from '../media/live-broadcast';

const ConfirmSheet = lazy(() => import('@/components/ui/confirm-sheet').then((m) => ({ default: m.ConfirmSheet })));

/** m:ss (h:mm:ss past an hour) since the show started, ticking every second. */
function useLiveTime(startedAt: string | null | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const start = startedAt ? Date.parse(startedAt) : NaN;
  if (Number.isNaN(start)) return null;
  const seconds = Math.max(0, Math.floor((now - start) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/**
 * "You're live" on every page but the show's own: how long, how many watch, and one tap back to the
 * show. Above the bottom navigation (a thumb's reach); at the top on another show's page, whose chat
 * input sits at the bottom.
 */
function LivePill({ broadcast, atTop }: { broadcast: Broadcast; atTop: boolean }) {
  const { t } = useTranslation();
  const { data: stream } = useStream(broadcast.streamId);
  const time = useLiveTime(stream?.startedAt);
  const viewers = broadcast.viewerCount ?? stream?.viewerCount ?? null;
  const trouble = broadcast.cameraError
    ? t('broadcast.camera_off')
    : broadcast.publisher === 'failed'
      ? t('broadcast.video_stopped')
      : broadcast.publisher === 'reconnecting'
        ? t('stream.reconnecting')
        : null;

  return (
    <Link
      href={`/stream/${broadcast.streamId}`}
      className={cn(
        'fixed z-40 flex items-center gap-3 rounded-full text-white shadow-lg shadow-black/20 active:scale-[0.99]',
        trouble ? 'bg-amber-600' : 'bg-live',
        atTop
          ? 'top-[max(0.75rem,env(safe-area-inset-top))] right-3 min-h-10 py-1 pr-2 pl-3'
          : 'inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] mx-auto max-w-lg py-2 pr-2 pl-4',
      )}
    >
      <span className="size-2.5 shrink-0 animate-pulse rounded-full bg-white" aria-hidden="true" />
      <span className={cn('min-w-0', !atTop && 'flex-1')}>
        <span className="block truncate text-sm font-bold leading-tight">{t('stream.you_are_live')}</span>
        {atTop ? null : (
          <span className="flex items-center gap-2 text-xs leading-tight font-medium text-white/90">
            {time ? (
              <>
                <span className="tabular-nums" aria-hidden="true">
                  {time}
                </span>
                <span className="sr-only">{t('broadcast.live_for', { time })}</span>
              </>
            ) : null}
            {viewers !== null ? (
              <span className="inline-flex items-center gap-1">
                <Eye className="size-3.5" aria-hidden="true" />
                <span className="tabular-nums" aria-hidden="true">
                  {formatCount(viewers)}
                </span>
                <span className="sr-only">{t('streams.watching', { viewers: formatCount(viewers) })}</span>
              </span>
            ) : null}
            {trouble ? <span className="truncate">{trouble}</span> : null}
          </span>
        )}
      </span>
      {atTop ? (
        <>
          <span className="sr-only">{t('broadcast.back_to_show')}</span>
          <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
        </>
      ) : (
        <span className="inline-flex min-h-9 shrink-0 items-center gap-0.5 rounded-full bg-white px-3 text-sm font-semibold text-live">
          {t('broadcast.back_to_show')}
          <ChevronRight className="size-4" aria-hidden="true" />
        </span>
      )}
    </Link>
  );
}

/** Log out while live: the seller is asked, and yes ends the show (its viewers are told at once) before signing out. */
function SignOutWhileLive({ streamId, open, onOpenChange }: { streamId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const end = useEndStream({
    onSuccess: () => {
      stopBroadcast(streamId);
      signOutNow();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        stopBroadcast(streamId);
        handleUnauthorized(error);
        return;
      }
      onOpenChange(false);
      toast({ variant: 'destructive', title: t('stream.end_failed') });
    },
  });
  return (
    <Suspense fallback={null}>
      <ConfirmSheet
        open={open}
        onOpenChange={(next) => !end.isPending && onOpenChange(next)}
        title={t('broadcast.sign_out_title')}
        description={t('broadcast.sign_out_body')}
        confirmLabel={t('broadcast.sign_out_confirm')}
        cancelLabel={t('stream.end_confirm_keep')}
        onConfirm={() => end.mutate(streamId)}
        pending={end.isPending || end.isSuccess}
      />
    </Suspense>
  );
}

/**
 * A seller's live broadcast outside the show's page (issue 25): the "You're live" pill, room for it at
 * the foot of the page, and the question before Log out would cut the show. Mounted for sellers only,
 * above the routes, so it stays while the seller moves around the app.
 */
export function LiveBroadcastDock() {
  const broadcast = useBroadcast();
  const [location] = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const streamId = broadcast?.streamId ?? null;

  useEffect(() => {
    if (!streamId) return;
    return guardSignOut(() => {
      setSigningOut(true);
      return true;
    });
  }, [streamId]);

  if (!broadcast) return null;
  const onOtherShow = location.startsWith('/stream/');
  return (
    <>
      {location === `/stream/${broadcast.streamId}` ? null : <LivePill broadcast={broadcast} atTop={onOtherShow} />}
      {/* The page's last lines scroll clear of the pill. */}
      {onOtherShow ? null : <div className="h-16" aria-hidden="true" />}
      {signingOut ? <SignOutWhileLive streamId={broadcast.streamId} open={signingOut} onOpenChange={setSigningOut} /> : null}
    </>
  );
}
