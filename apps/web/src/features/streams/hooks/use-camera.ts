import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraErrorKind, openCamera, reopenVideoTrack, stopStream, type CameraErrorKind, type FacingMode } from '../media/camera';

type CameraState = {
  stream: MediaStream | null;
  /** Changes when the camera is switched, so a publisher can swap the track it sends. */
  videoTrack: MediaStreamTrack | null;
  facingMode: FacingMode;
  error: CameraErrorKind | null;
};

type UseCameraOptions = { enabled: boolean };

export type CameraControls = CameraState & {
  isStarting: boolean;
  isSwitching: boolean;
  switchCamera: () => Promise<void>;
  retry: () => void;
  /** Takes the stream away from this hook: it is no longer stopped when the hook goes (the live broadcast takes it over). */
  release: () => MediaStream | null;
};

const INITIAL: CameraState = { stream: null, videoTrack: null, facingMode: 'user', error: null };

/** The seller's camera and microphone (front camera first), with a front/back switch: the Start Live sheet's preview. */
export function useCamera({ enabled }: UseCameraOptions): CameraControls {
  const [camera, setCamera] = useState<CameraState>(INITIAL);
  const [attempt, setAttempt] = useState(0);
  const [isSwitching, setIsSwitching] = useState(false);
  const owned = useRef<MediaStream | null>(null);
  const facing = useRef<FacingMode>('user');

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    openCamera(facing.current).then(
      (stream) => {
        if (cancelled) return stopStream(stream);
        owned.current = stream;
        setCamera({ stream, videoTrack: stream.getVideoTracks()[0] ?? null, facingMode: facing.current, error: null });
      },
      (error: unknown) => {
        if (cancelled) return;
        console.warn('[camera] could not open', error);
        setCamera((current) => ({ ...current, stream: null, videoTrack: null, error: cameraErrorKind(error) }));
      },
    );
    return () => {
      cancelled = true;
      stopStream(owned.current);
      owned.current = null;
      setCamera((current) => ({ ...current, stream: null, videoTrack: null }));
    };
  }, [enabled, attempt]);

  const switchCamera = useCallback(async () => {
    const stream = owned.current;
    const old = stream?.getVideoTracks()[0];
    if (!stream || !old) return;
    const next: FacingMode = facing.current === 'user' ? 'environment' : 'user';
    setIsSwitching(true);
    // Phones cannot open both cameras at once: stop the current one first.
    old.stop();
    let switched: Awaited<ReturnType<typeof reopenVideoTrack>>;
    try {
      switched = await reopenVideoTrack(next, facing.current);
    } catch (error) {
      setIsSwitching(false);
      setCamera((current) => ({ ...current, error: cameraErrorKind(error) }));
      return;
    }
    const { track, facingMode } = switched;
    setIsSwitching(false);
    if (owned.current !== stream) return track.stop();
    stream.removeTrack(old);
    stream.addTrack(track);
    facing.current = facingMode;
    setCamera({ stream, videoTrack: track, facingMode, error: null });
  }, []);

  const release = useCallback(() => {
    const stream = owned.current;
    owned.current = null;
    return stream;
  }, []);

  const retry = useCallback(() => {
    setCamera((current) => ({ ...current, error: null }));
    setAttempt((n) => n + 1);
  }, []);

  return {
    ...camera,
    isStarting: enabled && !camera.stream && !camera.error,
    isSwitching,
    switchCamera,
    retry,
    release,
  };
}
