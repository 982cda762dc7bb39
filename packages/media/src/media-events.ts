import type { RecordingNotice } from './protocol.js';
import type { PublisherStatus, RecordingEvent } from './types.js';

/** A worker's recording notice as the MediaServer's listeners get it (dates, seconds). */
export function toRecordingEvent(notice: RecordingNotice): RecordingEvent {
  if (notice.type === 'started') return { ...notice, startedAt: new Date(notice.startedAt) };
  if (notice.type === 'failed') return notice;
  const { streamId, fileName, startedAt, endedAt, durationMs, bytes } = notice;
  return { type: 'finished', streamId, fileName, startedAt: new Date(startedAt), endedAt: new Date(endedAt), durationSeconds: durationMs / 1000, bytes };
}

/** The MediaServer listeners both engines (the embedded SFU, Janus) keep, and how they tell them. */
export class MediaEvents {
  readonly #ended: Array<(sessionId: string) => void> = [];
  readonly #gone: Array<(streamId: string) => void> = [];
  readonly #status: Array<(streamId: string, status: PublisherStatus) => void> = [];
  readonly #recording: Array<(event: RecordingEvent) => void> = [];

  onSessionEnded(listener: (sessionId: string) => void): void {
    this.#ended.push(listener);
  }

  onPublisherGone(listener: (streamId: string) => void): void {
    this.#gone.push(listener);
  }

  onPublisherStatus(listener: (streamId: string, status: PublisherStatus) => void): void {
    this.#status.push(listener);
  }

  onRecording(listener: (event: RecordingEvent) => void): void {
    this.#recording.push(listener);
  }

  protected tellSessionEnded(sessionId: string): void {
    for (const listener of this.#ended) listener(sessionId);
  }

  protected tellPublisherGone(streamId: string): void {
    for (const listener of this.#gone) listener(streamId);
  }

  protected tellPublisherStatus(streamId: string, status: PublisherStatus): void {
    for (const listener of this.#status) listener(streamId, status);
  }

  protected tellRecording(event: RecordingEvent): void {
    for (const listener of this.#recording) listener(event);
  }
}
