import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { REPLAY_CHAT_LIMIT, type Replay, type ReplayFeatured } from '@live-market/contract';
import type { RecordingEvent } from '@live-market/media';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { toProductDto } from '../products/index.js';
import { toChatMessageDto } from '../streams/index.js';
import * as repo from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Recordings a retention sweep deletes at most, per round. */
const SWEEP_BATCH = 100;

export interface ReplaysDeps {
  db: Db;
  /** Where the embedded SFU writes its files (RECORDINGS_DIR). */
  dir: string;
  /** MEDIA_MODE=external: the media server's recording URL, with {streamId} (MEDIA_RECORDING_URL). */
  externalUrl?: string;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  now?: () => Date;
}

const NO_REPLAY = 'This show has no replay';
const seconds = (ms: number) => Math.round(ms) / 1000;

/**
 * Moments before the recording began (a product featured while the camera connected) collapse to the
 * last of them, at 0; later ones keep their time, at most the video's end.
 */
function featuredTimeline(events: { at: Date; product: Parameters<typeof toProductDto>[0] }[], startMs: number, durationSeconds: number): ReplayFeatured[] {
  const timeline: ReplayFeatured[] = [];
  for (const { at, product } of events) {
    const atSeconds = Math.min(Math.max(0, seconds(at.getTime() - startMs)), durationSeconds);
    if (atSeconds === 0 && timeline.length === 1 && timeline[0]!.atSeconds === 0) timeline.pop();
    timeline.push({ atSeconds, product: toProductDto(product) });
  }
  return timeline;
}

/**
 * The replay's length, which is the file's. A finished file's row has its Duration in whole seconds
 * and its first and last frames' times (startedAt, endedAt): their difference is the Duration to the
 * millisecond, used when it agrees with the whole seconds (a row written otherwise keeps those). A
 * file cut off by a crash has no duration of its own: the show's end stands in for it.
 */
function fileSeconds(recording: { startedAt: Date; endedAt: Date | null; durationSeconds: number | null }, showEndedAt: Date): number {
  const start = recording.startedAt.getTime();
  if (recording.durationSeconds === null) return Math.max(0, Math.round((showEndedAt.getTime() - start) / 1000));
  const exact = recording.endedAt ? seconds(recording.endedAt.getTime() - start) : Number.NaN;
  return Math.abs(exact - recording.durationSeconds) <= 0.5 ? exact : recording.durationSeconds;
}

export function createReplaysService(deps: ReplaysDeps) {
  const { db, dir, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function removeFile(fileName: string | null): Promise<void> {
    if (!fileName) return;
    try {
      await unlink(path.join(dir, path.basename(fileName)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.error({ err: error, fileName }, 'deleting a recording failed');
    }
  }

  /** The show's watchable recording, or a 404: no such show, still live (or never started), none, deleted. */
  async function watchable(streamId: string) {
    const found = await repo.findReplaySource(db, streamId);
    if (!found) throw new HttpError(404, 'Stream not found');
    const { stream, recording, ownerId } = found;
    if (stream.isLive || !stream.endedAt || !recording || recording.deletedAt || !(recording.fileName || recording.externalUrl)) {
      throw new HttpError(404, NO_REPLAY);
    }
    return { stream, recording, ownerId, durationSeconds: fileSeconds(recording, stream.endedAt) };
  }

  return {
    /** Decided when the seller's camera connects: recorded unless switched off when the show was started. */
    shouldRecord: (streamId: string) => repo.isRecordingEnabled(db, streamId),

    /** MEDIA_MODE=external: the show's recording is the external server's; its URL is kept when the seller publishes. */
    async externalPublishing(streamId: string): Promise<void> {
      if (!deps.externalUrl || !(await repo.isRecordingEnabled(db, streamId))) return;
      await repo.insertStarted(db, { streamId, externalUrl: deps.externalUrl.replaceAll('{streamId}', streamId), startedAt: now() });
    },

    /** What the embedded SFU reports about a recording. */
    async recorded(event: RecordingEvent): Promise<void> {
      if (event.type === 'started') {
        await repo.insertStarted(db, { streamId: event.streamId, fileName: event.fileName, startedAt: event.startedAt });
      } else if (event.type === 'finished') {
        const { type: _type, durationSeconds, ...rest } = event;
        const dropped = await repo.settleFinished(db, { ...rest, durationSeconds: Math.round(durationSeconds) });
        await removeFile(dropped);
      } else {
        log.warn({ streamId: event.streamId, fileName: event.fileName, reason: event.message }, 'a recording could not be finished; it may not seek');
      }
    },

    /** GET …/replay: counts the caller's view (once; not the seller's own). */
    async replay(streamId: string, userId: string): Promise<Replay> {
      const { recording, ownerId, durationSeconds } = await watchable(streamId);
      if (userId !== ownerId) await repo.addView(db, streamId, userId);
      const startMs = recording.startedAt.getTime();
      const [events, chat] = await Promise.all([repo.findFeatured(db, streamId), repo.findChat(db, streamId, REPLAY_CHAT_LIMIT)]);
      return {
        videoUrl: recording.fileName ? `/api/streams/${streamId}/replay/video` : recording.externalUrl!,
        durationSeconds,
        featured: featuredTimeline(events, startMs, durationSeconds),
        chat: chat.map((line) => ({
          atSeconds: Math.max(0, seconds(line.m.createdAt.getTime() - startMs)),
          message: toChatMessageDto(line),
        })),
        startedAt: recording.startedAt.toISOString(),
      };
    },

    /** The replay's file on disk, for whoever may watch the replay. */
    async videoFile(streamId: string): Promise<string> {
      const { recording } = await watchable(streamId);
      if (!recording.fileName) throw new HttpError(404, NO_REPLAY);
      return path.join(dir, path.basename(recording.fileName));
    },

    /** DELETE …/replay: the show's seller only; the file goes at once. */
    async remove(streamId: string, userId: string): Promise<void> {
      const found = await repo.findReplaySource(db, streamId);
      if (!found) throw new HttpError(404, 'Stream not found');
      if (found.ownerId !== userId) throw new HttpError(403, 'Only the seller of this show can delete its replay');
      if (found.stream.isLive) throw new HttpError(404, NO_REPLAY);
      const deleted = await repo.markDeleted(db, streamId);
      if (!deleted) throw new HttpError(404, NO_REPLAY);
      await removeFile(deleted.fileName);
    },

    /** Deletes recordings that ended more than `retentionDays` ago (RECORDING_RETENTION_DAYS); the ids it deleted. */
    async sweepExpired(retentionDays: number): Promise<string[]> {
      const before = new Date(now().getTime() - retentionDays * DAY_MS);
      const deleted: string[] = [];
      for (;;) {
        const claimed = await repo.claimExpired(db, before, SWEEP_BATCH);
        for (const { streamId, fileName } of claimed) {
          await removeFile(fileName);
          deleted.push(streamId);
        }
        if (claimed.length < SWEEP_BATCH) return deleted;
      }
    },
  };
}

export type ReplaysService = ReturnType<typeof createReplaysService>;
