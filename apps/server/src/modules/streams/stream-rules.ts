import { isLanguageCode, SCHEDULE_MAX_LEAD_DAYS, SCHEDULE_MIN_LEAD_MINUTES, type LiveStream } from '@live-market/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../plugins/errors.js';
import type { Db } from '../../db/client.js';
import type { Limiter } from '../../plugins/limits.js';
import type { Hub } from '../../realtime/hub.js';
import type { ChatGate } from '../moderation/index.js';
import type { UnreadPush } from '../notifications/index.js';
import type { Announcements } from './announcements.js';
import type * as repo from './repository.js';

// The streams service's building blocks: the DTO, what it needs from media and replays, the scheduling rules.

export function toStreamDto(row: repo.StreamRow): LiveStream {
  return {
    id: row.id,
    sellerId: row.sellerId,
    title: row.title,
    description: row.description,
    thumbnailUrl: row.thumbnailUrl,
    isLive: row.isLive,
    viewerCount: row.viewerCount,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    language: isLanguageCode(row.language) ? row.language : 'en',
  };
}

/** What ending a stream must also stop: its media sessions (the embedded SFU or nothing). */
export interface StreamMedia {
  endStream(streamId: string): Promise<void>;
}

export interface ReplayFacts {
  withReplay(streamIds: string[]): Promise<Set<string>>;
  views(streamIds: string[]): Promise<Map<string, number>>;
}

export const NO_REPLAYS: ReplayFacts = { withReplay: async () => new Set(), views: async () => new Map() };

/** A show is announced 5 minutes to 30 days ahead (issue 13), on the server's clock. */
export function checkScheduledFor(at: Date, now: Date): Date {
  const lead = at.getTime() - now.getTime();
  if (lead < SCHEDULE_MIN_LEAD_MINUTES * 60_000) throw new HttpError(400, 'Schedule the show at least {{minutes}} minutes ahead', { minutes: SCHEDULE_MIN_LEAD_MINUTES });
  if (lead > SCHEDULE_MAX_LEAD_DAYS * 24 * 60 * 60_000) throw new HttpError(400, 'Schedule the show at most {{days}} days ahead', { days: SCHEDULE_MAX_LEAD_DAYS });
  return at;
}

/** Going live runs into the one-live-show index (SPEC 4) when another show of the seller is live. */
export async function oneLiveShow<T>(goLive: () => Promise<T>): Promise<T> {
  try {
    return await goLive();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'You already have a live stream. End it before starting a new one.');
    throw error;
  }
}

export interface StreamsDeps {
  db: Db;
  /** Bans, slow mode, followers-only, links and the keyword filter (issue 12). */
  gate: ChatGate;
  hub: Hub;
  limiter: Limiter;
  live: { invalidate(): void };
  media?: StreamMedia;
  /** Followers' sockets hear of the stream_start notification (their unread count). */
  pushUnread?: UnreadPush;
  /** Who hears of a show and when (reminders, Web Push); followers' sockets only by default. */
  announcements?: Announcements;
  /** Which ended shows have a replay and how many watched it (the replays module; app.ts wires it). */
  replays?: ReplayFacts;
  /** The clock scheduling is checked against; tests pass their own. */
  now?: () => Date;
  /** Chat messages per user per CHAT_RATE_WINDOW_MS (CHAT_RATE_LIMIT); the contract's by default. */
  chatRateLimit?: number;
  /** A show whose seller has been away this long ends (SELLER_RECONNECT_GRACE_SECONDS); default two minutes. */
  abandonedAfterMs?: number;
}
