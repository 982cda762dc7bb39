export type FacingMode = 'user' | 'environment';
export type CameraErrorKind = 'denied' | 'unavailable' | 'insecure' | 'failed';

const VIDEO = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } };

function mediaDevices(): MediaDevices {
  // Browsers only offer the camera on secure pages (https or localhost).
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('Camera needs a secure context'), { name: 'InsecureContextError' });
  return navigator.mediaDevices;
}

/** The seller's camera and microphone. Async, so a page without camera support (plain http) gets a failed promise, not a throw. */
export async function openCamera(facingMode: FacingMode): Promise<MediaStream> {
  return mediaDevices().getUserMedia({ video: { ...VIDEO, facingMode }, audio: { echoCancellation: true, noiseSuppression: true } });
}

/** Only a new video track, for switching between the front and back camera mid-stream. */
export async function openVideoTrack(facingMode: FacingMode): Promise<MediaStreamTrack> {
  const stream = await mediaDevices().getUserMedia({ video: { ...VIDEO, facingMode }, audio: false });
  const track = stream.getVideoTracks()[0];
  if (!track) throw Object.assign(new Error('No video track'), { name: 'NotFoundError' });
  return track;
}

/**
 * The other camera's video track for a front/back switch, or the same camera's again when the other
 * cannot be opened. Phones cannot hold both cameras at once: the caller stops the old track first.
 */
export async function reopenVideoTrack(wanted: FacingMode, current: FacingMode): Promise<{ track: MediaStreamTrack; facingMode: FacingMode }> {
  try {
    return { track: await openVideoTrack(wanted), facingMode: wanted };
  } catch (error) {
    console.warn('[camera] could not switch', error);
    return { track: await openVideoTrack(current), facingMode: current };
  }
}

export function cameraErrorKind(error: unknown): CameraErrorKind {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'DevicesNotFoundError') return 'unavailable';
  if (name === 'InsecureContextError') return 'insecure';
  return 'failed';
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
