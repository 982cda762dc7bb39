import type { MediaEndpoints } from '@live-market/contract/streams';
import { parseApiError } from '@/lib/api-client';
import { backoffDelay } from '@/lib/backoff';
import { answerServerOffer, deleteSession, exchangeSdp, MediaHttpError, patchSession, preferCodec } from './sdp-exchange';

/** What this viewer asks the media server to send: video or audio only, full or data saver. */
export type Delivery = { video: boolean; dataSaver: boolean };
export const FULL_DELIVERY: Delivery = { video: true, dataSaver: false };

/**
 * connecting: negotiating with the media server · waiting: the stream has no publisher yet (WHEP 404/503)
 * · playing: media is flowing · failed: gave up (refused, or too many failures); retry() starts over.
 */
export type ViewerState = 'connecting' | 'waiting' | 'playing' | 'failed';

export type WhepViewerOptions = {
  getEndpoints: () => Promise<MediaEndpoints>;
  onState: (state: ViewerState) => void;
  onStream: (stream: MediaStream | null) => void;
  /** Which media server plays the show: Janus has one layer, so no data saver there. */
  onMode?: (mode: MediaEndpoints['mode']) => void;
  delivery?: Delivery;
};

export type WhepViewer = {
  stop: () => void;
  retry: () => void;
  /** Applies to the current session at once and to every session after a reconnect. */
  setDelivery: (delivery: Delivery) => void;
};

/** A connection that stays 'disconnected' this long is rebuilt (it often recovers by itself sooner). */
const DISCONNECTED_GRACE_MS = 4000;
/** Video bytes are counted this often to notice a publisher that went away without the connection failing. */
const STATS_INTERVAL_MS = 1000;
/**
 * No new video for this long: show 'waiting' (over the last frame). The embedded media server
 * accepts viewers before the publisher arrives and resumes them when it (re)publishes.
 */
const STALL_WAITING_MS = 4000;
const NO_VIDEO_YET_WAITING_MS = 2500;
/** Still nothing after this long: start over (a server that answers WHEP 404/503 then keeps us waiting properly). */
const STALL_RECONNECT_MS = 15_000;
const NO_VIDEO_YET_RECONNECT_MS = 60_000;
/** Give up after this many failed attempts in a row (waiting for a publisher does not count). */
const MAX_FAILURES = 6;
const WAITING_BACKOFF = { minMs: 1000, maxMs: 5000 };
const FAILURE_BACKOFF = { minMs: 1000, maxMs: 10_000 };
/** Answers that will not change by trying again. */
const FATAL_STATUSES = new Set([400, 401, 403]);

function statusOf(error: unknown): number | null {
  return error instanceof MediaHttpError ? error.status : parseApiError(error).status;
}

/** Plays a stream over WHEP with recvonly audio and video, reconnecting until stopped. */
export function startWhepViewer({ getEndpoints, onState, onStream, onMode, delivery: initialDelivery = FULL_DELIVERY }: WhepViewerOptions): WhepViewer {
  let stopped = false;
  let delivery = initialDelivery;
  /** Whether the media server took the delivery (an external one may not know the PATCH). */
  let deliveryApplied = false;
  let state: ViewerState | null = null;
  let pc: RTCPeerConnection | null = null;
  let session: { location: string | null; token?: string } | null = null;
  let attempt = 0;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  let statsTimer: ReturnType<typeof setInterval> | undefined;

  const setState = (next: ViewerState) => {
    if (state === next) return;
    state = next;
    onState(next);
  };

  const teardown = () => {
    clearTimeout(graceTimer);
    clearInterval(statsTimer);
    const peer = pc;
    pc = null;
    if (session) deleteSession(session.location, session.token);
    session = null;
    if (peer) {
      peer.ontrack = null;
      peer.onconnectionstatechange = null;
      peer.close();
      onStream(null);
    }
  };

  const schedule = (backoff: { minMs: number; maxMs: number }) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), backoffDelay(attempt++, backoff));
  };

  const reconnect = () => {
    if (stopped) return;
    teardown();
    if (state !== 'waiting') setState('connecting');
    schedule(FAILURE_BACKOFF);
  };

  /** Notices video that stopped arriving (the publisher left) while the connection itself stays up. */
  const watchVideo = (peer: RTCPeerConnection) => {
    clearInterval(statsTimer);
    let lastBytes = 0;
    let lastProgressAt = Date.now();
    statsTimer = setInterval(() => {
      peer.getStats().then(
        (report) => {
          if (pc !== peer) return;
          let bytes = 0;
          report.forEach((entry: { type?: string; kind?: string; bytesReceived?: number }) => {
            if (entry.type === 'inbound-rtp' && entry.kind === 'video') bytes += entry.bytesReceived ?? 0;
          });
          const now = Date.now();
          const hadVideo = lastBytes > 0;
          // Audio only: no video is sent on purpose, so its absence says nothing about the seller.
          if (!delivery.video && deliveryApplied) {
            lastBytes = bytes;
            lastProgressAt = now;
            if (state === 'waiting') setState('playing');
            return;
          }
          if (bytes > lastBytes) {
            lastBytes = bytes;
            lastProgressAt = now;
            if (state === 'waiting') setState('playing');
          } else if (now - lastProgressAt >= (hadVideo ? STALL_RECONNECT_MS : NO_VIDEO_YET_RECONNECT_MS)) {
            reconnect();
          } else if (now - lastProgressAt >= (hadVideo ? STALL_WAITING_MS : NO_VIDEO_YET_WAITING_MS) && state === 'playing') {
            setState('waiting');
          }
        },
        () => {},
      );
    }, STATS_INTERVAL_MS);
  };

  const fail = (error: unknown) => {
    if (stopped) return;
    teardown();
    const status = statusOf(error);
    if (status === 404 || status === 503) {
      setState('waiting');
      schedule(WAITING_BACKOFF);
      return;
    }
    failures++;
    if ((status !== null && FATAL_STATUSES.has(status)) || failures >= MAX_FAILURES) {
      console.warn('[media] viewer gave up', error);
      setState('failed');
      return;
    }
    console.warn('[media] viewer attempt failed; retrying', error);
    setState('connecting');
    schedule(FAILURE_BACKOFF);
  };

  const connect = async () => {
    if (stopped) return;
    teardown();
    if (state !== 'waiting') setState('connecting');
    if (typeof RTCPeerConnection === 'undefined') {
      setState('failed');
      return;
    }
    let peer: RTCPeerConnection | null = null;
    try {
      const endpoints = await getEndpoints();
      if (stopped) return;
      onMode?.(endpoints.mode);
      peer = new RTCPeerConnection({ iceServers: endpoints.iceServers });
      pc = peer;
      // Janus brings its own m-lines in its offer; otherwise we offer to receive audio and video.
      const serverOffers = endpoints.mode === 'janus';
      if (!serverOffers) {
        const video = peer.addTransceiver('video', { direction: 'recvonly' });
        preferCodec(video);
        peer.addTransceiver('audio', { direction: 'recvonly' });
      }
      const stream = new MediaStream();
      peer.ontrack = ({ track }) => {
        stream.addTrack(track);
        onStream(stream);
      };
      peer.onconnectionstatechange = () => {
        if (pc !== peer || !peer) return;
        const current = peer.connectionState;
        if (current === 'connected') {
          clearTimeout(graceTimer);
          attempt = 0;
          failures = 0;
          setState('playing');
          watchVideo(peer);
        } else if (current === 'disconnected') {
          clearTimeout(graceTimer);
          graceTimer = setTimeout(reconnect, DISCONNECTED_GRACE_MS);
        } else if (current === 'failed') {
          fail(new Error('connection failed'));
        }
      };
      const { location } = serverOffers ? await answerServerOffer(peer, endpoints.whepUrl) : await exchangeSdp(peer, endpoints.whepUrl, endpoints.token);
      if (pc !== peer) {
        deleteSession(location, endpoints.token);
        return;
      }
      session = { location, token: endpoints.token };
      deliveryApplied = false;
      if (delivery.video !== FULL_DELIVERY.video || delivery.dataSaver !== FULL_DELIVERY.dataSaver) sendDelivery();
    } catch (error) {
      if (peer && pc !== peer) return;
      fail(error);
    }
  };

  const sendDelivery = () => {
    const current = session;
    if (!current?.location) return;
    const wanted = delivery;
    patchSession(current.location, wanted, current.token).then(
      () => {
        if (session === current && delivery === wanted) deliveryApplied = true;
      },
      (error: unknown) => console.warn('[media] the media server did not take the delivery setting', error),
    );
  };

  // Closing the tab unmounts nothing: end the session so the server stops sending to a gone viewer.
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
      failures = 0;
      state = null;
      void connect();
    },
    setDelivery: (next) => {
      if (next.video === delivery.video && next.dataSaver === delivery.dataSaver) return;
      delivery = next;
      deliveryApplied = false;
      sendDelivery();
    },
  };
}
