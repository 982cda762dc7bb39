import { useState, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/utils';

type VideoFrameProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  label: string;
  mirrored?: boolean;
  onPlaying?: () => void;
  children?: ReactNode;
};

/**
 * A black frame that takes the video's own shape (16:9 from a laptop, 9:16 from a phone) up to a
 * height cap, with the video contained in it, never cropped. Autoplay needs muted and playsInline on phones.
 */
export function VideoFrame({ videoRef, label, mirrored, onPlaying, children }: VideoFrameProps) {
  const [aspect, setAspect] = useState(16 / 9);
  const readAspect = () => {
    const video = videoRef.current;
    if (video?.videoWidth && video.videoHeight) setAspect(video.videoWidth / video.videoHeight);
  };
  return (
    <div className="relative w-full overflow-hidden bg-black max-h-[34dvh] md:max-h-[70dvh] md:rounded-[var(--radius-card)]" style={{ aspectRatio: aspect }}>
      <video
        ref={videoRef}
        aria-label={label}
        autoPlay
        muted
        playsInline
        onLoadedMetadata={readAspect}
        onResize={readAspect}
        onPlaying={onPlaying}
        className={cn('size-full object-contain', mirrored && '-scale-x-100')}
      />
      {children}
    </div>
  );
}

/** A centred message over the video: spinner or icon, text, and an optional action. */
export function VideoMessage({ icon, text, action, solid }: { icon?: ReactNode; text?: ReactNode; action?: ReactNode; solid?: boolean }) {
  return (
    <div className={cn('absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center text-sm font-medium text-white', solid ? 'bg-neutral-900' : 'bg-black/60')}>
      {icon}
      {text ? (
        <p className="max-w-xs" role="status">
          {text}
        </p>
      ) : null}
      {action}
    </div>
  );
}

export function VideoSpinner() {
  return <span aria-hidden="true" className="inline-block size-9 animate-spin rounded-full border-4 border-white/30 border-t-white" />;
}
