// Messages between the main thread (control only) and the SFU workers, and between workers
// (RTP bytes and keyframe requests, which never pass through the main thread).
import type { MessagePort } from 'node:worker_threads';

/** A codec the publisher negotiated; viewers pick their own variant of the same codec. */
export interface CodecInfo {
  mimeType: string;
  clockRate: number;
  parameters?: string;
}

export interface SourceMedia {
  audio?: CodecInfo;
  video?: CodecInfo;
  /** The publisher also sends a low-bitrate video layer (simulcast rid, or the demo's small clip). */
  lowLayer?: boolean;
}

/** Video layers: the publisher's full picture, and the data-saver layer when it sends one. */
export const LAYER_FULL = 0;
export const LAYER_LOW = 1;
export type Layer = typeof LAYER_FULL | typeof LAYER_LOW;

/** What one viewer receives: video or not (audio only), and which layer. */
export interface ViewerSettings {
  video: boolean;
  dataSaver: boolean;
}

/** Where a stream's current publisher lives. */
export interface PublisherRef {
  sessionId: string;
  worker: number;
  media: SourceMedia;
}

export interface PeerSettings {
  iceServers: { urls: string | string[] }[];
  announcedAddress?: string;
  icePortRange?: [number, number];
}

/** Where and how the workers record publishers (MediaServerOptions.recordingsDir). */
export interface RecordingSettings {
  dir: string;
  idleMs?: number;
}

export interface WorkerData {
  index: number;
  peers: PeerSettings;
  /** Unset: nothing is recorded. */
  recording?: RecordingSettings;
  /** ports[i] reaches worker i (undefined for this worker itself). */
  ports: (MessagePort | undefined)[];
}

export type Command =
  /** record: the publisher's media goes into the stream's recording (continued when one is open here). */
  | { type: 'publish'; sessionId: string; streamId: string; offerSdp: string; record?: boolean }
  | { type: 'demo'; sessionId: string; streamId: string }
  | { type: 'play'; sessionId: string; streamId: string; offerSdp: string; publisher: PublisherRef | null }
  | { type: 'viewer-settings'; sessionId: string; settings: Partial<ViewerSettings> }
  | { type: 'stop'; sessionId: string }
  /** The show ended: its recording on this worker is finished (the result also comes as a 'recording' message). */
  | { type: 'finish-recording'; streamId: string }
  | { type: 'close' };

/** recording: the file a recorded publisher feeds (relative to the recordings directory). */
export type CommandResult = { answerSdp?: string; media?: SourceMedia; recording?: string };

/** Times are epoch milliseconds. */
export type RecordingNotice =
  | { type: 'started'; streamId: string; fileName: string; startedAt: number }
  | { type: 'finished'; streamId: string; fileName: string; startedAt: number; endedAt: number; durationMs: number; bytes: number }
  | { type: 'failed'; streamId: string; fileName: string; message: string };

/** Main → worker, no reply expected. */
export type Notice =
  /** The other workers with viewers of this publisher's stream: the ones to send its RTP to. */
  | { type: 'subscribers'; publisherSessionId: string; workers: number[] }
  | { type: 'publisher-up'; streamId: string; publisher: PublisherRef }
  | { type: 'publisher-down'; streamId: string; sessionId: string };

export type ToWorker = { type: 'command'; id: number; command: Command } | { type: 'notice'; notice: Notice };

export type LogLevel = 'info' | 'warn' | 'error';

/** Worker → main. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'reply'; id: number; ok: true; result: CommandResult }
  | { type: 'reply'; id: number; ok: false; message: string; status: 400 | 404 | 409 | 503 }
  | { type: 'session-gone'; sessionId: string; reason: string }
  /** A publisher's RTP stopped for PUBLISHER_IDLE_MS (idle) or came back (not idle). */
  | { type: 'publisher-idle'; sessionId: string; idle: boolean }
  | { type: 'recording'; notice: RecordingNotice }
  | { type: 'log'; level: LogLevel; obj: object; msg: string };

/** Worker ↔ worker over the MessageChannel mesh. */
export type MeshMessage =
  | { type: 'rtp'; publisherSessionId: string; kind: 0 | 1; layer: Layer; bytes: Uint8Array }
  | { type: 'keyframe'; publisherSessionId: string; layer: Layer };

/** A publisher silent this long is reported idle: viewers hear "Seller reconnecting…" long before ICE gives up (~30 s). */
export const PUBLISHER_IDLE_MS = 3000;

export const KIND_AUDIO = 0;
export const KIND_VIDEO = 1;
