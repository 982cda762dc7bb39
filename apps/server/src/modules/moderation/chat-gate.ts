import type { ChatErrorCode, ChatSettings } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import type { Bus } from '../../realtime/bus.js';
import { chatChanges, type ChatChanges } from './chat-changes.js';
import { HttpError } from '../../plugins/errors.js';
import type { Limiter } from '../../plugins/limits.js';
import { hasLinkOrPhone } from './filter/contact.js';
import { compileKeywordFilter, defaultKeywordFilter, type KeywordFilter } from './filter/keywords.js';
import { warmKeywords } from './filter/warm.js';
import * as repo from './repository.js';

/** A refused chat message: the sender's socket gets `chat_error` with this code, never a silent drop. */
export class ChatRefused extends HttpError {
  constructor(
    readonly code: ChatErrorCode,
    template: string,
    params: Record<string, number> = {},
    retryAfterSeconds?: number,
  ) {
    super(code === 'slow_mode' ? 429 : 403, template, params, retryAfterSeconds);
  }
}

export const CHAT_REFUSALS = {
  muted: 'You are timed out. You can chat again in {{seconds}} seconds.',
  banned: "You are banned from this store's chat",
  slow_mode: 'Slow mode is on. You can send another message in {{seconds}} seconds.',
  followers_only: 'Only followers can chat in this show. Follow the store to join in.',
  link_blocked: 'Links and phone numbers are not allowed in this chat',
  held: 'Your message is waiting for review',
} as const satisfies Record<ChatErrorCode, string>;

export const refuse = (code: ChatErrorCode, seconds?: number) =>
  new ChatRefused(code, CHAT_REFUSALS[code], seconds === undefined ? {} : { seconds }, seconds);

/**
 * A safety net only: copies are dropped by the changes heard on the bus (decision 056), and re-read
 * after this long in case one went unheard.
 */
const COPY_TTL_MS = 60_000;
/** Members' standings held per instance; past this the copies start over (a crowd of one-line chatters). */
const MAX_STANDINGS = 100_000;

export interface ChatGateInput {
  sellerId: string;
  ownerId: string;
  streamId: string;
  userId: string;
  message: string;
  settings: ChatSettings;
}

/** What this instance holds of a member's standing in a store; `banUntil` is ms, null for good, undefined for none. */
interface HeldStanding {
  banUntil: number | null | undefined;
  moderator: boolean;
  follower: boolean;
  loadedAt: number;
}

const refusalOf = (banUntil: number | null, now: number) => (banUntil === null ? refuse('banned') : refuse('muted', Math.max(1, Math.ceil((banUntil - now) / 1000))));

/**
 * Decides a chat message before it is saved. The owner and moderators skip slow mode, followers-only,
 * the link rule and the keyword filter. What it knows of the store and the member is held in memory and
 * dropped by `changes`; the save itself refuses a banned, suspended or (followers-only) unfollowed
 * sender, so the database stays the judge of bans (decision 056), and `refusal` says why it refused.
 */
export function createChatGate({ limiter, bus }: { limiter: Limiter; bus?: Bus }) {
  const changes: ChatChanges = chatChanges(bus);
  // Compiling the default list and its first match take ~200 ms of CPU (regex and Unicode tables): done
  // here, at start, not on a show's first chat message, where every message behind it would wait.
  defaultKeywordFilter().match('warm up');
  const keywords = new Map<string, { filter: KeywordFilter; words: string; loadedAt: number; stale: boolean }>();
  const standings = new Map<string, HeldStanding>();
  const key = (sellerId: string, userId: string) => `${sellerId}:${userId}`;

  changes.on((change) => {
    if (change.kind === 'member') standings.delete(key(change.sellerId, change.userId));
    else if (change.kind === 'seller') {
      const held = keywords.get(change.sellerId);
      if (held) held.stale = true;
    } else if (change.kind === 'all') {
      standings.clear();
      for (const held of keywords.values()) held.stale = true;
    }
  });

  // The message at hand compiles what it needs; the rest is compiled in idle slices (filter/warm.ts).
  function fresh(words: readonly string[]): KeywordFilter {
    const filter = compileKeywordFilter(words);
    void warmKeywords(filter);
    return filter;
  }

  async function sellerFilter(db: Db, sellerId: string): Promise<KeywordFilter> {
    const cached = keywords.get(sellerId);
    if (cached && !cached.stale && changes.heard() && Date.now() - cached.loadedAt < COPY_TTL_MS) return cached.filter;
    const row = await repo.findKeywords(db, sellerId);
    const words = (row?.words ?? []).join('\n');
    // 200 words compile in tens of ms: only when they changed, not every time the copy is re-read.
    const filter = cached?.words === words ? cached.filter : fresh(row?.words ?? []);
    keywords.set(sellerId, { filter, words, loadedAt: Date.now(), stale: false });
    return filter;
  }

  async function standingOf(db: Db, sellerId: string, userId: string): Promise<HeldStanding> {
    const held = standings.get(key(sellerId, userId));
    if (held && changes.heard() && Date.now() - held.loadedAt < COPY_TTL_MS) return held;
    return load(db, sellerId, userId);
  }

  async function load(db: Db, sellerId: string, userId: string): Promise<HeldStanding & { suspended: boolean }> {
    const read = await repo.standing(db, sellerId, userId);
    const now = Date.now();
    const banUntil = read.banned ? null : read.timeoutSeconds !== null ? now + read.timeoutSeconds * 1000 : undefined;
    const held = { banUntil, moderator: read.moderator, follower: read.follower, loadedAt: now };
    if (standings.size >= MAX_STANDINGS) standings.clear();
    // A suspended account is not held: its sockets are closing, and the save refuses it anyway.
    if (!read.suspended) standings.set(key(sellerId, userId), held);
    return { ...held, suspended: read.suspended };
  }

  return {
    /**
     * Throws ChatRefused; returns whether the message is held (saved, shown to its sender only) and
     * whether its sender is the store's staff (the save then skips the followers-only test).
     */
    async check(db: Db, input: ChatGateInput): Promise<{ held: boolean; staff: boolean }> {
      const { sellerId, ownerId, streamId, userId, message, settings } = input;
      if (userId === ownerId) return { held: false, staff: true };
      let standing = await standingOf(db, sellerId, userId);
      const now = Date.now();
      if (standing.banUntil !== undefined && (standing.banUntil === null || standing.banUntil > now)) throw refusalOf(standing.banUntil, now);
      if (standing.moderator) return { held: false, staff: true };
      // A follow is not heard on the bus: a held "not a follower" is read again; a held "follower" the save checks.
      if (settings.followersOnly && !standing.follower) standing = await load(db, sellerId, userId);
      if (settings.followersOnly && !standing.follower) throw refuse('followers_only');
      if (!settings.linksAllowed && hasLinkOrPhone(message)) throw refuse('link_blocked');
      // A refused message does not use up the slow-mode turn; a held one does (it looks sent).
      if (settings.slowModeSeconds > 0) {
        const turn = await limiter.hit(`slow:${streamId}:${userId}`, 1, settings.slowModeSeconds);
        if (!turn.allowed) throw refuse('slow_mode', turn.retryAfterSeconds);
      }
      const held = defaultKeywordFilter().match(message) !== null || (await sellerFilter(db, sellerId)).match(message) !== null;
      return { held, staff: false };
    },

    /**
     * The save refused a message its checks let through: read afresh why (a ban or suspension that landed
     * meanwhile, an unfollow). null when nothing stands in the way any more (a ban lifted meanwhile).
     */
    async refusal(db: Db, input: { sellerId: string; userId: string; followersOnly: boolean; staff: boolean }): Promise<HttpError | null> {
      const standing = await load(db, input.sellerId, input.userId);
      if (standing.suspended) return new HttpError(403, 'This account is suspended');
      const now = Date.now();
      if (standing.banUntil !== undefined && (standing.banUntil === null || standing.banUntil > now)) return refusalOf(standing.banUntil, now);
      if (input.followersOnly && !input.staff && !standing.follower) return refuse('followers_only');
      return null;
    },

    /** The seller saved their words on this instance: compiled now, used from the next message. */
    learn(sellerId: string, words: readonly string[]) {
      keywords.set(sellerId, { filter: fresh(words), words: words.join('\n'), loadedAt: Date.now(), stale: false });
    },

    changes,
  };
}

export type ChatGate = ReturnType<typeof createChatGate>;

/** Gifts, votes, quiz answers and bids: a banned or timed-out user may watch but not take part. */
export async function assertMayTakePart(db: Db | Tx, sellerId: string, userId: string): Promise<void> {
  const ban = await repo.findActiveBan(db, sellerId, userId);
  if (ban) throw banRefusal(ban.until);
}

/** What a banned (until null) or timed-out user is told when they try to take part. */
export function banRefusal(until: Date | null): HttpError {
  if (until === null) return new HttpError(403, "You are banned from this store's shows");
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new HttpError(403, "You are timed out in this store's shows. Try again in {{seconds}} seconds.", { seconds });
}

/** A store's active bans, for checks made in memory (a poll's crowd of votes, decision 051). */
export const findActiveBans = repo.findActiveBans;
