import type { MediaEndpoints } from '@live-market/contract/streams';
import { parseApiError } from '@/lib/api-client';
import { backoffDelay } from '@/lib/backoff';
import { deleteSession, exchangeSdp, MediaHttpError, preferCodec } from './sdp-exchange';

/** connecting: first connection · live: media flows to the server · reconnecting: lost it, trying again · failed: refused. */
export type PublisherState = 'connecting' | 'live' | 'reconnecting' | 'failed';

export type WhipPublisherOptions = {
  getEndpoints: () => Promise<MediaEndpoints>;
  /** The camera stream; its current tracks are sent (and re-sent on every reconnect). */
  stream: MediaStream;
  onState: (state: PublisherState) => void;
};

export type WhipPublisher = {
  stop: () => void;
  retry: () => void;
  /** Swaps the camera (front/back) without renegotiating. */
  replaceVideoTrack: (track: MediaStreamTrack) => Promise<void>;
};

const DISCONNECTED_GRACE_MS = 4000;
/**
 * Simulcast for the embedded media server and Janus (decision 052): a small layer for data-saver viewers (about 240p, 15
 * fps, ≤ 180 kbps, so with audio they stay under 300 kbps) and the full one. Chromium lists the
 * lowest layer first. An external media server gets one encoding: it may not take simulcast.
 */
const LOW_LAYER_HEIGHT = 240;
function simulcastEncodings(track: MediaStreamTrack): RTCRtpEncodingParameters[] {
  const height = track.getSettings().height ?? 720;
  return [
    { rid: 'low', scaleResolutionDownBy: Math.max(2, height / LOW_LAYER_HEIGHT), maxBitrate: 180_000, maxFramerate: 15 },
    { rid: 'full', maxBitrate: 1_500_000 },
  ];
}
const BACKOFF = { minMs: 1000, maxMs: 10_000 };
/** The server will not let this user publish this stream (409: it has ended): trying again will not help. */
const FATAL_STATUSES = new Set([400, 401, 403, 404, 409]);

function statusOf(error: unknown): number | null {
  return error instanceof MediaHttpError ? error.status : parseApiError(error).status;
}

/** Publishes the camera over WHIP with sendonly tracks, reconnecting until stopped. */
export function startWhipPublisher({ getEndpoints, stream, onState }: WhipPublisherOptions): WhipPublisher {
  let stopped = false;
  let everLive = false;
  let state: PublisherState | null = null;
  let pc: RTCPeerConnection | null = null;
  let session: { location: string | null; token?: string } | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: PublisherState) => {
    if (state === next) return;
    state = next;
    onState(next);
  };

  const teardown = () => {
    clearTimeout(graceTimer);
    const peer = pc;
    pc = null;
    if (session) deleteSession(session.location, session.token);
    session = null;
    if (peer) {
      peer.onconnectionstatechange = null;
      peer.close();
    }
  };

  const retryLater = (error: unknown) => {
    if (stopped) return;
    teardown();
    const status = statusOf(error);
    if (status !== null && FATAL_STATUSES.has(status)) {
      console.warn('[media] publishing refused', error);
      setState('failed');
      return;
    }
    console.warn('[media] publishing interrupted; retrying', error);
    setState(everLive ? 'reconnecting' : 'connecting');
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), backoffDelay(attempt++, BACKOFF));
  };

  const connect = async () => {
    if (stopped) return;
    teardown();
    setState(everLive ? 'reconnecting' : 'connecting');
    if (typeof RTCPeerConnection === 'undefined') {
      setState('failed');
      return;
    }
    let peer: RTCPeerConnection | null = null;
    try {
      const endpoints = await getEndpoints();
      if (stopped) return;
      peer = new RTCPeerConnection({ iceServers: endpoints.iceServers });
      pc = peer;
      for (const track of stream.getTracks()) {
        const layered = endpoints.mode === 'embedded' || endpoints.mode === 'janus';
        const sendEncodings = track.kind === 'video' && layered ? simulcastEncodings(track) : undefined;
        const transceiver = peer.addTransceiver(track, { direction: 'sendonly', streams: [stream], sendEncodings });
        if (track.kind === 'video') preferCodec(transceiver);
      }
      peer.onconnectionstatechange = () => {
        if (pc !== peer || !peer) return;
        const current = peer.connectionState;
        if (current === 'connected') {
          clearTimeout(graceTimer);
          attempt = 0;
          everLive = true;
          setState('live');
        } else if (current === 'disconnected') {
          clearTimeout(graceTimer);
          graceTimer = setTimeout(() => retryLater(new Error('connection lost')), DISCONNECTED_GRACE_MS);
        } else if (current === 'failed') {
          retryLater(new Error('connection failed'));
        }
      };
      const { location } = await exchangeSdp(peer, endpoints.whipUrl, endpoints.token);
      if (pc !== peer) {
        deleteSession(location, endpoints.token);
        return;
      }
      session = { location, token: endpoints.token };
    } catch (error) {
      if (peer && pc !== peer) return;
      retryLater(error);
    }
  };

  // A publisher that vanishes without DELETE lingers on the server until ICE times out: say goodbye.
  const onPageHide = () => {
    if (session) deleteSession(session.location, session.token);
    session = null;
  };
  window.addEventListener('pagehide', onPageHide);

  void connect();

  return {
    stop: () => {
      stopped = true;
      clearTimeout(retryTimer);
      window.removeEventListener('pagehide', onPageHide);
      teardown();
    },
    retry: () => {
      if (stopped) return;
      clearTimeout(retryTimer);
      attempt = 0;
      void connect();
    },
    replaceVideoTrack: async (track) => {
      const sender = pc?.getSenders().find((s) => s.track?.kind === 'video' || (s.track === null && track.kind === 'video'));
      if (sender) await sender.replaceTrack(track);
    },
  };
}
