// WHIP (publish) and WHEP (play) share one exchange (ARCHITECTURE "Media"): POST the SDP offer as
// application/sdp, get 201 with the SDP answer and a Location to DELETE when done. ICE is not
// trickled: the offer goes out once gathering completes (or after a short cap, with what it has).

export const ICE_GATHERING_TIMEOUT_MS = 2000;

/** A non-OK answer from the media server; 404/503 from WHEP mean "no publisher yet". */
export class MediaHttpError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'MediaHttpError';
  }
}

export function waitForIceGathering(pc: RTCPeerConnection, timeoutMs: number = ICE_GATHERING_TIMEOUT_MS): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', onChange);
      resolve();
    };
    const onChange = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, timeoutMs);
    pc.addEventListener('icegatheringstatechange', onChange);
  });
}

function authHeaders(token: string | undefined): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Puts VP8 first among the transceiver's codecs where the browser allows it (all browsers decode it). */
export function preferCodec(transceiver: RTCRtpTransceiver, mimeType = 'video/VP8'): void {
  const kind = mimeType.split('/')[0] as 'video' | 'audio';
  if (typeof transceiver.setCodecPreferences !== 'function' || typeof RTCRtpReceiver.getCapabilities !== 'function') return;
  const codecs = RTCRtpReceiver.getCapabilities(kind)?.codecs;
  if (!codecs?.length) return;
  const wanted = mimeType.toLowerCase();
  const sorted = [...codecs.filter((c) => c.mimeType.toLowerCase() === wanted), ...codecs.filter((c) => c.mimeType.toLowerCase() !== wanted)];
  try {
    transceiver.setCodecPreferences(sorted);
  } catch (error) {
    console.warn('[media] could not prefer', mimeType, error);
  }
}

/** The session's address from the 201's Location, absolute (it may be relative to the WHIP/WHEP URL). */
function sessionUrl(res: Response, url: string): string | null {
  const header = res.headers.get('Location');
  return header ? new URL(header, new URL(url, window.location.href)).toString() : null;
}

/** Offers, waits for ICE, POSTs the offer to the WHIP/WHEP URL and applies the answer. Returns the session URL. */
export async function exchangeSdp(pc: RTCPeerConnection, url: string, token?: string): Promise<{ location: string | null }> {
  const offer = await pc.createOffer();
  await pc.setLocalDescription(offer);
  await waitForIceGathering(pc);
  const sdp = pc.localDescription?.sdp ?? offer.sdp ?? '';
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/sdp', ...authHeaders(token) },
    body: sdp,
    credentials: 'include',
  });
  const body = await res.text();
  if (!res.ok) throw new MediaHttpError(res.status, body || res.statusText);
  const location = sessionUrl(res, url);
  if (pc.signalingState === 'closed') return { location };
  await pc.setRemoteDescription({ type: 'answer', sdp: body });
  return { location };
}

/**
 * MEDIA_MODE=janus: the server makes the offer (Janus 1.1 offers to viewers). POST an empty body,
 * answer the offer that comes back, PATCH the answer to the session's Location.
 */
export async function answerServerOffer(pc: RTCPeerConnection, url: string): Promise<{ location: string | null }> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body: '', credentials: 'include' });
  const body = await res.text();
  if (!res.ok) throw new MediaHttpError(res.status, body || res.statusText);
  const location = sessionUrl(res, url);
  if (!location) throw new MediaHttpError(502, 'The media server sent no session address');
  if (pc.signalingState === 'closed') return { location };
  await pc.setRemoteDescription({ type: 'offer', sdp: body });
  await pc.setLocalDescription(await pc.createAnswer());
  await waitForIceGathering(pc);
  const answered = await fetch(location, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/sdp' },
    body: pc.localDescription?.sdp ?? '',
    credentials: 'include',
  });
  if (!answered.ok) {
    deleteSession(location);
    throw new MediaHttpError(answered.status, await answered.text().catch(() => answered.statusText));
  }
  return { location };
}

/** Changes a WHEP session (audio only, data saver): JSON PATCH on its Location. Throws MediaHttpError when refused. */
export async function patchSession(location: string, body: object, token?: string): Promise<void> {
  const res = await fetch(location, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...authHeaders(token) },
    body: JSON.stringify(body),
    credentials: 'include',
  });
  if (!res.ok) throw new MediaHttpError(res.status, await res.text().catch(() => res.statusText));
}

/** Ends a WHIP/WHEP session. keepalive lets it go out while the page unloads. Failures are only logged. */
export function deleteSession(location: string | null, token?: string): void {
  if (!location) return;
  fetch(location, { method: 'DELETE', headers: authHeaders(token), credentials: 'include', keepalive: true }).catch((error: unknown) => {
    console.warn('[media] could not end the session', error);
  });
}
