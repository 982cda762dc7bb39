// The SFU's public contract, as the API server uses it.

export interface MediaLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MediaServerOptions {
  /** Worker threads; default os.availableParallelism(), clamped to 1..4. */
  workers?: number;
  /** Default [] — never a public STUN server. */
  iceServers?: { urls: string | string[] }[];
  /**
   * The only host candidate to offer (e.g. '127.0.0.1' in tests, or a 1:1 NAT's public address).
   * Unset: werift gathers one host candidate per local interface (loopback only when there is no other).
   */
  announcedAddress?: string;
  /**
   * UDP ports for peer connections, [min, max] with min < max (one port per peer connection).
   * Unset: ephemeral ports. Open this range in a firewall, or use TURN.
   */
  icePortRange?: [number, number];
  /** Viewers one worker accepts before play() answers 503; default 250. */
  maxViewersPerWorker?: number;
  /**
   * Publishers asked to record (publish's `record`) write a WebM file (VP8 + Opus, as sent) here,
   * created when needed. Unset: nothing is recorded.
   */
  recordingsDir?: string;
  /** A recording without a publisher for this long is finished; default 5 minutes. endStream finishes it at once. */
  recordingIdleMs?: number;
  logger?: MediaLogger;
}

/** live: the publisher's media flows · reconnecting: it went quiet or left, and no new one came yet. */
export type PublisherStatus = 'live' | 'reconnecting';

/** One viewer's delivery: video or audio only; the publisher's low layer (data saver) when it sends one. */
export interface ViewerDelivery {
  video?: boolean;
  dataSaver?: boolean;
}

export interface PublishOptions {
  /**
   * Record the publisher (needs recordingsDir). A publisher that reconnects during the show, with the
   * same tracks, continues the stream's open recording; otherwise a new file starts.
   */
  record?: boolean;
}

/** A recording's progress; fileName is relative to recordingsDir. */
export type RecordingEvent =
  /** The file's first frame was written; startedAt is that frame's time (second 0 of the file). */
  | { type: 'started'; streamId: string; fileName: string; startedAt: Date }
  /**
   * Finished: sizes, Duration and Cues written. endedAt is the time of the file's last frame, so
   * endedAt − startedAt is the file's duration (durationSeconds), to the millisecond.
   */
  | { type: 'finished'; streamId: string; fileName: string; startedAt: Date; endedAt: Date; durationSeconds: number; bytes: number }
  /** Could not be finished (a write failed, or its worker stopped); the file may still play, without seeking. */
  | { type: 'failed'; streamId: string; fileName: string; message: string };

/** One media node's health and load; packetLossRatio is the share of media packets lost lately (0..1). */
export interface MediaNodeStats {
  node: string;
  up: boolean;
  viewers: number;
  publishers: number;
  packetLossRatio: number;
}

export interface MediaSession {
  sessionId: string;
  answerSdp: string;
}

export interface MediaServer {
  /** A publisher for a stream (replaces any previous one, which is closed). Offer: audio (opus) and/or video (VP8 preferred, H264 accepted). */
  publish(streamId: string, offerSdp: string, options?: PublishOptions): Promise<MediaSession>;
  /** A viewer. Works before the publisher exists: the viewer's tracks start flowing when a publisher arrives. */
  play(streamId: string, offerSdp: string): Promise<MediaSession>;
  /**
   * Engines that make the offer to a viewer (Janus 1.1, decision 034) have these instead of play:
   * the session starts with the server's offer (in answerSdp), and the viewer's answer completes it.
   */
  offerPlay?(streamId: string): Promise<MediaSession>;
  answerPlay?(sessionId: string, answerSdp: string): Promise<void>;
  /** Idempotent. */
  stopSession(sessionId: string): Promise<void>;
  /** Closes the publisher and every viewer of the stream, and finishes its recording. */
  endStream(streamId: string): Promise<void>;
  /** Loops the committed demo clip as this stream's publisher; stops when endStream or a real publish replaces it. */
  startDemoSource(streamId: string): Promise<void>;
  /** Any session that ended, however: its peer went away or never connected, stopSession, a replacement, endStream, a worker that stopped. */
  onSessionEnded(listener: (sessionId: string) => void): void;
  /** When a publisher's ICE/DTLS fails or closes (not a replacement, stopSession or endStream). */
  onPublisherGone(listener: (streamId: string) => void): void;
  /**
   * A real (not demo) publisher went quiet for PUBLISHER_IDLE_MS, left without a successor, or is
   * back (its media flows again, or a new publisher took over). Not called when the stream ends.
   */
  onPublisherStatus(listener: (streamId: string, status: PublisherStatus) => void): void;
  onRecording(listener: (event: RecordingEvent) => void): void;
  /** Changes what one viewer session receives; 404 MediaError for an unknown or non-viewer session. */
  setViewerDelivery(sessionId: string, delivery: ViewerDelivery): Promise<void>;
  hasPublisher(streamId: string): boolean;
  /** A publisher is there and its media is flowing (not idle). */
  isPublishing(streamId: string): boolean;
  stats(): { streams: number; publishers: number; viewers: number; perWorker: Array<{ viewers: number; publishers: number }> };
  /**
   * Issue 30: each media node's health and load as the node reports it (Janus: its Admin API or the
   * figures shared between instances; embedded: this process as one node). Ids are bounded (host:port).
   */
  nodeStats?(): Promise<MediaNodeStats[]>;
  /** Terminates the workers; the process can exit afterwards. */
  close(): Promise<void>;
}
