import { Headphones, Play, RotateCcw, Video, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSellerAway } from '../hooks/use-seller-connection';
import { useVideoQuality } from '../hooks/use-video-quality';
import { useWhepViewer } from '../hooks/use-whep-viewer';
import { VideoFrame, VideoMessage, VideoSpinner } from './video-frame';
import { VideoQualityMenu } from './video-quality-menu';

const pill = 'pointer-events-auto inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold shadow-lg';

/**
 * A viewer's video: plays the stream over WHEP, muted at first with a clear 'Tap to unmute'. The
 * quality menu picks Auto / Data saver / Audio only; "Seller reconnecting…" shows while the
 * seller's camera is away (the server says so, or video that had been playing stalls).
 */
export function ViewerVideo({ streamId, topBar }: { streamId: string; topBar: ReactNode }) {
  const { t } = useTranslation();
  const { quality, setQuality, delivery } = useVideoQuality();
  const { state, stream, retry, dataSaver } = useWhepViewer(streamId, true, delivery);
  const sellerAway = useSellerAway(streamId);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const shownFor = useRef<MediaStream | null>(null);
  const [muted, setMuted] = useState(true);
  const [playingStream, setPlayingStream] = useState<MediaStream | null>(null);
  const [blockedStream, setBlockedStream] = useState<MediaStream | null>(null);
  const [everPlayed, setEverPlayed] = useState(false);

  // Sound comes from an element of its own, given the stream's audio only once the viewer unmutes: a
  // muted viewer (everyone at first) never starts an audio renderer, which costs a phone-speed CPU a
  // long task (~170 ms) just as the video starts. Called from the tap itself, as Safari asks.
  const sound = (source: MediaStream | null, on: boolean) => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!on || !source) {
      audio.srcObject = null;
      return;
    }
    audio.srcObject = new MediaStream(source.getAudioTracks());
    audio.play().catch((error: unknown) => console.warn('[media] sound failed', error));
  };
  const soundForNewStream = useEffectEvent((source: MediaStream | null) => {
    if (!muted) sound(source, true);
  });

  useEffect(() => {
    const video = videoRef.current;
    // Assigning srcObject restarts the element's load: only for a new stream, not on mount.
    if (!video || shownFor.current === stream) return;
    shownFor.current = stream;
    video.srcObject = stream ? new MediaStream(stream.getVideoTracks()) : null;
    if (stream) video.play().catch(() => setBlockedStream(stream));
    soundForNewStream(stream);
  }, [stream]);

  const audioOnly = !delivery.video;
  const hasFrames = stream !== null && playingStream === stream && state === 'playing';
  const blocked = stream !== null && blockedStream === stream && playingStream !== stream;
  // Audio only has no frames to wait for: the controls come with the connection.
  const controls = audioOnly ? stream !== null && state === 'playing' && !blocked : hasFrames;

  const play = (unmute: boolean) => {
    const video = videoRef.current;
    if (!video) return;
    if (unmute) {
      setMuted(false);
      sound(stream, true);
    }
    video.play().catch((error: unknown) => console.warn('[media] play failed', error));
  };

  const toggleMute = () => {
    const nowMuted = !muted;
    setMuted(nowMuted);
    sound(stream, !nowMuted);
  };

  let overlay: ReactNode = null;
  if (state !== 'failed' && (sellerAway || (state === 'waiting' && everPlayed))) {
    overlay = <VideoMessage icon={<VideoSpinner />} text={t('stream.seller_reconnecting')} />;
  } else if (state === 'waiting') {
    overlay = <VideoMessage icon={<Video className="size-9 opacity-80" aria-hidden="true" />} text={t('stream.waiting')} />;
  } else if (state === 'failed') {
    overlay = (
      <VideoMessage
        text={t('stream.video_failed')}
        action={
          <button type="button" onClick={retry} className={`${pill} bg-white text-foreground`}>
            <RotateCcw className="size-4" aria-hidden="true" />
            {t('stream.retry')}
          </button>
        }
      />
    );
  } else if (audioOnly && state === 'playing' && !blocked) {
    overlay = (
      <VideoMessage
        solid
        icon={<Headphones className="size-9 opacity-80" aria-hidden="true" />}
        text={t('stream.audio_only_on')}
      />
    );
  } else if (blocked) {
    overlay = (
      <VideoMessage
        icon={
          <button type="button" onClick={() => play(true)} className={`${pill} bg-white text-foreground`}>
            <Play className="size-4" aria-hidden="true" />
            {t('stream.tap_to_play')}
          </button>
        }
      />
    );
  } else if (!hasFrames) {
    overlay = <VideoMessage icon={<VideoSpinner />} text={t('stream.connecting')} />;
  }

  return (
    <VideoFrame
      videoRef={videoRef}
      label={t('stream.video_label')}
      onPlaying={() => {
        setPlayingStream(stream);
        setEverPlayed(true);
      }}
    >
      <audio ref={audioRef} />
      {overlay}
      {topBar}
      {controls ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-center justify-center gap-2 p-3">
          <div className="absolute bottom-3 left-3">
            {/* Janus plays one layer: a stored Data saver choice shows as Auto there, and is not offered. */}
            <VideoQualityMenu
              quality={dataSaver || quality !== 'saver' ? quality : 'auto'}
              onChange={setQuality}
              dataSaver={dataSaver}
            />
          </div>
          {muted ? (
            <button type="button" onClick={() => play(true)} className={`${pill} bg-white/95 text-foreground`}>
              <VolumeX className="size-4" aria-hidden="true" />
              {t('stream.tap_to_unmute')}
            </button>
          ) : (
            <button
              type="button"
              onClick={toggleMute}
              aria-label={t('stream.mute')}
              className="pointer-events-auto ml-auto inline-flex size-10 items-center justify-center rounded-full bg-black/50 text-white"
            >
              <Volume2 className="size-5" aria-hidden="true" />
            </button>
          )}
        </div>
      ) : null}
    </VideoFrame>
  );
}
