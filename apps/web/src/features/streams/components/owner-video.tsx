import { CameraOff, RotateCcw, SwitchCamera } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useBroadcast } from '../hooks/use-live-broadcast';
import { retryCamera, retryPublishing, startBroadcast, switchCamera } from '../media/live-broadcast';
import type { PublisherState } from '../media/whip-publisher';
import { useCameraErrorText } from './camera-error-message';
import { LiveToolsButton, type LiveToolsProps } from './live-tools';
import { VideoFrame, VideoMessage, VideoSpinner } from './video-frame';

const STATUS_STYLE: Record<PublisherState, string> = {
  connecting: 'bg-black/60 text-white',
  live: 'bg-emerald-600 text-white',
  reconnecting: 'bg-amber-500 text-black',
  failed: 'bg-destructive text-white',
};

type OwnerVideoProps = {
  streamId: string;
  userId: string;
  topBar: ReactNode;
  /** The tools sheet's Feature, Flash deal and Auction, within thumb reach over the video (issue 25). */
  tools?: LiveToolsProps;
};

/**
 * The owner's own camera while it is published over WHIP, with the front/back switch and the tools
 * sheet. The broadcast belongs to the tab (media/live-broadcast.ts): this page shows it and starts it
 * when it is not running yet (the page reloaded, an announced show started), and leaving the page does
 * not stop it.
 */
export function OwnerVideo({ streamId, userId, topBar, tools }: OwnerVideoProps) {
  const { t } = useTranslation();
  const active = useBroadcast();
  const broadcast = active?.streamId === streamId ? active : null;
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const errorText = useCameraErrorText(broadcast?.cameraError ?? null);
  const camera = broadcast?.camera ?? null;

  // No cleanup on purpose: the show goes on when its page goes.
  useEffect(() => startBroadcast({ streamId, userId }), [streamId, userId]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = camera;
    if (camera) void video.play().catch(() => {});
  }, [camera, broadcast?.videoTrack]);

  const state = broadcast?.publisher ?? 'connecting';
  const statusText = {
    connecting: t('stream.publishing'),
    live: t('stream.you_are_live'),
    reconnecting: t('stream.reconnecting'),
    failed: t('stream.publish_failed'),
  }[state];

  return (
    <VideoFrame videoRef={videoRef} label={t('stream.camera_preview')} mirrored={broadcast?.facingMode === 'user'}>
      {broadcast?.cameraError ? (
        <VideoMessage
          icon={<CameraOff className="size-9 opacity-80" aria-hidden="true" />}
          text={errorText}
          action={
            <button type="button" onClick={retryCamera} className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-foreground">
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('stream.camera_retry')}
            </button>
          }
        />
      ) : !camera ? (
        <VideoMessage icon={<VideoSpinner />} text={t('stream.camera_starting')} />
      ) : null}
      {topBar}
      {camera ? (
        <div className="absolute inset-x-0 bottom-0 flex items-center gap-2 p-3">
          <span role="status" className={cn('inline-flex min-w-0 items-center gap-2 rounded-full px-3 py-1.5 text-xs font-semibold shadow', STATUS_STYLE[state])}>
            {state === 'live' ? <span className="size-2 shrink-0 animate-pulse rounded-full bg-white" aria-hidden="true" /> : null}
            {statusText}
            {state === 'failed' ? (
              <button type="button" onClick={retryPublishing} className="underline underline-offset-2">
                {t('stream.retry')}
              </button>
            ) : null}
          </span>
          <span className="ml-auto flex shrink-0 items-center gap-2">
            {tools ? <LiveToolsButton streamId={streamId} {...tools} /> : null}
            <button
              type="button"
              onClick={() => void switchCamera()}
              disabled={broadcast?.isSwitching}
              aria-label={t('stream.switch_camera')}
              className="inline-flex size-11 items-center justify-center rounded-full bg-black/50 text-white backdrop-blur-sm disabled:opacity-50"
            >
              <SwitchCamera className="size-5" aria-hidden="true" />
            </button>
          </span>
        </div>
      ) : null}
    </VideoFrame>
  );
}
