import { stopStream, type FacingMode } from './camera';

// The Start Live sheet already holds the camera when the stream is created; handing it to the
// stream page avoids closing and reopening it (and a second permission prompt on some phones).

/** A camera not picked up within this time is switched off: the light must not stay on. */
export const CAMERA_HANDOFF_TTL_MS = 15_000;

type Handoff = { streamId: string; stream: MediaStream; facingMode: FacingMode; timer: ReturnType<typeof setTimeout> };

let pending: Handoff | null = null;

export function handOffCamera(streamId: string, stream: MediaStream, facingMode: FacingMode): void {
  if (pending && pending.stream !== stream) stopStream(pending.stream);
  if (pending) clearTimeout(pending.timer);
  const timer = setTimeout(() => {
    if (pending?.stream === stream) {
      stopStream(stream);
      pending = null;
    }
  }, CAMERA_HANDOFF_TTL_MS);
  pending = { streamId, stream, facingMode, timer };
}

/** The camera handed over for this stream, once; null when there is none or it was stopped meanwhile. */
export function takeHandedOffCamera(streamId: string): { stream: MediaStream; facingMode: FacingMode } | null {
  if (!pending || pending.streamId !== streamId) return null;
  const { stream, facingMode, timer } = pending;
  clearTimeout(timer);
  pending = null;
  return stream.getTracks().some((track) => track.readyState === 'live') ? { stream, facingMode } : null;
}
