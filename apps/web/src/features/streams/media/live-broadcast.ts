import type { ServerMessage } from '@live-market/contract/realtime';
import { getWsClient } from '@/lib/ws-connection';
import { getStream } from '../api/get-stream';
import { getStreamMedia } from '../api/get-stream-media';
import { cameraErrorKind, openCamera, reopenVideoTrack, stopStream, type CameraErrorKind, type FacingMode } from './camera';
import { startWhipPublisher, type PublisherState, type WhipPublisher } from './whip-publisher';

// Issue 25: the seller's camera, its WHIP session and its reconnects belong to the tab, not to the show's
// page. A seller who opens the dashboard, their orders or their profile mid-show keeps publishing; only
// End Stream, the show ending, signing out or closing the tab (each asked first) stops it (decision 036).

export type Broadcast = Readonly<{
  streamId: string;
  camera: MediaStream | null;
  /** Changes when the camera is switched (the preview re-attaches it). */
  videoTrack: MediaStreamTrack | null;
  facingMode: FacingMode;
  cameraError: CameraErrorKind | null;
  isSwitching: boolean;
  publisher: PublisherState;
  /** People watching, as the room last said (the seller is not counted); null until it says. */
  viewerCount: number | null;
}>;

type Session = { streamId: string; camera: MediaStream | null; publisher: WhipPublisher | null; closers: Array<() => void> };

let session: Session | null = null;
let current: Broadcast | null = null;
const listeners = new Set<() => void>();

function set(s: Session, patch: Partial<Broadcast>) {
  if (session !== s || !current) return;
  current = { ...current, ...patch };
  for (const listener of [...listeners]) listener();
}

/** The tab's live broadcast, or null when the seller is not publishing. */
export function getBroadcast(): Broadcast | null {
  return current;
}

export function subscribeBroadcast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Closing the tab or reloading it would cut the show: the browser asks first (it shows its own words).
function askBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
  event.returnValue = '';
}

function publish(s: Session, stream: MediaStream, facingMode: FacingMode) {
  s.camera = stream;
  set(s, { camera: stream, videoTrack: stream.getVideoTracks()[0] ?? null, facingMode, cameraError: null });
  s.publisher = startWhipPublisher({
    getEndpoints: () => getStreamMedia(s.streamId),
    stream,
    onState: (state) => {
      set(s, { publisher: state });
      // Refused for good: when the show is over (ended elsewhere, or by the server), the camera goes off.
      if (state === 'failed') {
        void getStream(s.streamId).then(
          (stream) => !stream.isLive && stopBroadcast(s.streamId),
          () => {},
        );
      }
    },
  });
}

function openFor(s: Session, facingMode: FacingMode) {
  openCamera(facingMode).then(
    (stream) => (session === s ? publish(s, stream, facingMode) : stopStream(stream)),
    (error: unknown) => {
      console.warn('[camera] could not open', error);
      set(s, { cameraError: cameraErrorKind(error) });
    },
  );
}

type StartOptions = {
  streamId: string;
  userId: string;
  /** The camera the Start Live sheet already holds: published as it is, with no second permission prompt. */
  camera?: { stream: MediaStream; facingMode: FacingMode };
};

/**
 * Starts publishing this show, unless it already is (the owner's page calls this every time it opens).
 * The room is joined for as long as it lasts: its viewer count, and the word that the show has ended.
 */
export function startBroadcast({ streamId, userId, camera }: StartOptions): void {
  if (current?.streamId === streamId) {
    if (camera && camera.stream !== current.camera) stopStream(camera.stream);
    return;
  }
  stopBroadcast();
  const s: Session = { streamId, camera: null, publisher: null, closers: [] };
  session = s;
  const facingMode = camera?.facingMode ?? 'user';
  current = { streamId, camera: null, videoTrack: null, facingMode, cameraError: null, isSwitching: false, publisher: 'connecting', viewerCount: null };

  const client = getWsClient();
  // Only messages that name this show: the seller may be watching another show's room meanwhile.
  const onMessage = (message: ServerMessage) => {
    if (message.type === 'stream_ended' && message.streamId === streamId) stopBroadcast(streamId);
    else if (message.type === 'viewer_count_update' && message.streamId === streamId) set(s, { viewerCount: message.count });
  };
  s.closers.push(client.subscribe(onMessage), client.joinStream(streamId, userId));
  window.addEventListener('beforeunload', askBeforeLeaving);
  s.closers.push(() => window.removeEventListener('beforeunload', askBeforeLeaving));

  if (camera) publish(s, camera.stream, camera.facingMode);
  else openFor(s, facingMode);
  for (const listener of [...listeners]) listener();
}

/** Stops publishing (this show's broadcast only, when an id is given): camera off, WHIP session deleted, room left. */
export function stopBroadcast(streamId?: string): void {
  const s = session;
  if (!s || (streamId !== undefined && s.streamId !== streamId)) return;
  session = null;
  current = null;
  s.publisher?.stop();
  stopStream(s.camera);
  for (const close of s.closers) close();
  for (const listener of [...listeners]) listener();
}

/** Opens the camera afresh (after it was refused, or a switch lost it) and publishes it in a new session. */
export function retryCamera(): void {
  const s = session;
  if (!s || !current) return;
  s.publisher?.stop();
  s.publisher = null;
  stopStream(s.camera);
  s.camera = null;
  set(s, { camera: null, videoTrack: null, cameraError: null, publisher: 'connecting' });
  openFor(s, current.facingMode);
}

export function retryPublishing(): void {
  session?.publisher?.retry();
}

/** Front/back: the new track replaces the old one in the same WHIP session, with no renegotiation. */
export async function switchCamera(): Promise<void> {
  const s = session;
  const stream = s?.camera;
  const old = stream?.getVideoTracks()[0];
  if (!s || !stream || !old || !current || current.isSwitching) return;
  const from = current.facingMode;
  set(s, { isSwitching: true });
  old.stop();
  let switched: Awaited<ReturnType<typeof reopenVideoTrack>>;
  try {
    switched = await reopenVideoTrack(from === 'user' ? 'environment' : 'user', from);
  } catch (error) {
    set(s, { isSwitching: false, cameraError: cameraErrorKind(error) });
    return;
  }
  if (session !== s) return switched.track.stop();
  stream.removeTrack(old);
  stream.addTrack(switched.track);
  set(s, { isSwitching: false, videoTrack: switched.track, facingMode: switched.facingMode, cameraError: null });
  await s.publisher?.replaceVideoTrack(switched.track).catch((error: unknown) => console.warn('[media] camera switch failed', error));
}
