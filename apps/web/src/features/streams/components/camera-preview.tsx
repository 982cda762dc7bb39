import 'virtual:english-load/start_stream';
import { CameraOff, RotateCcw, SwitchCamera } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import type { CameraControls } from '../hooks/use-camera';
import { useCameraErrorText } from './camera-error-message';
import { VideoSpinner } from './video-frame';

/** The seller's camera before going live, with the front/back switch and a clear message when it is blocked. */
export function CameraPreview({ camera }: { camera: CameraControls }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const errorText = useCameraErrorText(camera.error);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = camera.stream;
    if (camera.stream) void video.play().catch(() => {});
  }, [camera.stream, camera.videoTrack]);

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-black">
      <video
        ref={videoRef}
        aria-label={t('start_stream.camera_preview')}
        autoPlay
        muted
        playsInline
        className={cn('size-full object-contain', camera.facingMode === 'user' && '-scale-x-100')}
      />
      {camera.error ? (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-neutral-900 px-5 text-center text-sm text-white">
          <CameraOff className="size-8 opacity-80" aria-hidden="true" />
          <p>{errorText}</p>
          <button type="button" onClick={camera.retry} className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-foreground">
            <RotateCcw className="size-4" aria-hidden="true" />
            {t('stream.camera_retry')}
          </button>
        </div>
      ) : camera.isStarting ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-sm text-white" role="status">
          <VideoSpinner />
          {t('stream.camera_starting')}
        </div>
      ) : null}
      {camera.stream ? (
        <button
          type="button"
          onClick={() => void camera.switchCamera()}
          disabled={camera.isSwitching}
          aria-label={t('stream.switch_camera')}
          className="absolute right-3 bottom-3 inline-flex size-11 items-center justify-center rounded-full bg-black/50 text-white backdrop-blur-sm disabled:opacity-50"
        >
          <SwitchCamera className="size-5" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
