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

export interface WorkerData {
  index: number;
  peers: PeerSettings;
  /** ports[i] reaches worker i (undefined for this worker itself). */
  ports: (MessagePort | undefined)[];
}

export type Command =
  | { type: 'publish'; sessionId: string; streamId: string; offerSdp: string }
  | { type: 'demo'; sessionId: string; streamId: string }
  | { type: 'play'; sessionId: string; streamId: string; offerSdp: string; publisher: PublisherRef | null }
  | { type: 'stop'; sessionId: string }
  | { type: 'close' };

export type CommandResult = { answerSdp?: string; media?: SourceMedia };

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
  | { type: 'log'; level: LogLevel; obj: object; msg: string };

/** Worker ↔ worker over the MessageChannel mesh. */
export type MeshMessage =
  | { type: 'rtp'; publisherSessionId: string; kind: 0 | 1; bytes: Uint8Array }
  | { type: 'keyframe'; publisherSessionId: string };

export const KIND_AUDIO = 0;
export const KIND_VIDEO = 1;
