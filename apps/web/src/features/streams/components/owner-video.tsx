import { CameraOff, RotateCcw, SwitchCamera } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useCamera } from '../hooks/use-camera';
import { useWhipPublisher } from '../hooks/use-whip-publisher';
import type { PublisherState } from '../media/whip-publisher';
import { useCameraErrorText } from './camera-error-message';
import { VideoFrame, VideoMessage, VideoSpinner } from './video-frame';

const STATUS_STYLE: Record<PublisherState, string> = {
  connecting: 'bg-black/60 text-white',
  live: 'bg-emerald-600 text-white',
  reconnecting: 'bg-amber-500 text-black',
  failed: 'bg-destructive text-white',
};

/** The owner's own camera (the preview) while it is published over WHIP; front/back camera switch. */
export function OwnerVideo({ streamId, topBar }: { streamId: string; topBar: ReactNode }) {
  const { t } = useTranslation();
  const camera = useCamera({ enabled: true, handoffStreamId: streamId });
  const publisher = useWhipPublisher(streamId, camera.stream, camera.videoTrack);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const errorText = useCameraErrorText(camera.error);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = camera.stream;
    if (camera.stream) void video.play().catch(() => {});
  }, [camera.stream, camera.videoTrack]);

  const statusText = {
    connecting: t('stream.publishing'),
    live: t('stream.you_are_live'),
    reconnecting: t('stream.reconnecting'),
    failed: t('stream.publish_failed'),
  }[publisher.state];

  return (
    <VideoFrame videoRef={videoRef} label={t('stream.camera_preview')} mirrored={camera.facingMode === 'user'}>
      {camera.error ? (
        <VideoMessage
          icon={<CameraOff className="size-9 opacity-80" aria-hidden="true" />}
          text={errorText}
          action={
            <button type="button" onClick={camera.retry} className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-foreground">
              <RotateCcw className="size-4" aria-hidden="true" />
              {t('stream.camera_retry')}
            </button>
          }
        />
      ) : camera.isStarting ? (
        <VideoMessage icon={<VideoSpinner />} text={t('stream.camera_starting')} />
      ) : null}
      {topBar}
      {camera.stream ? (
        <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-2 p-3">
          <span role="status" className={cn('inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-xs font-semibold shadow', STATUS_STYLE[publisher.state])}>
            {publisher.state === 'live' ? <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" /> : null}
            {statusText}
            {publisher.state === 'failed' ? (
              <button type="button" onClick={publisher.retry} className="underline underline-offset-2">
                {t('stream.retry')}
              </button>
            ) : null}
          </span>
          <button
            type="button"
            onClick={() => void camera.switchCamera()}
            disabled={camera.isSwitching}
            aria-label={t('stream.switch_camera')}
            className="inline-flex size-11 items-center justify-center rounded-full bg-black/50 text-white backdrop-blur-sm disabled:opacity-50"
          >
            <SwitchCamera className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </VideoFrame>
  );
}
