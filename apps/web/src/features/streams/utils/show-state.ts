import type { LiveStream } from '@live-market/contract/streams';

/** An announced show that has not started: scheduled, never live, not ended (issue 13). */
export function isUpcoming(stream: Pick<LiveStream, 'scheduledFor' | 'isLive' | 'startedAt' | 'endedAt'>): boolean {
  return stream.scheduledFor != null && !stream.isLive && stream.startedAt === null && stream.endedAt === null;
}

/** A show that went live and has ended: the one that may have a replay. */
export function hasEnded(stream: Pick<LiveStream, 'isLive' | 'startedAt'>): boolean {
  return !stream.isLive && stream.startedAt !== null;
}
