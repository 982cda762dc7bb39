import type { ChatErrorCode, ChatSettings } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { Limiter } from '../../plugins/limits.js';
import { hasLinkOrPhone } from './filter/contact.js';
import { compileKeywordFilter, defaultKeywordFilter, type KeywordFilter } from './filter/keywords.js';
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

/** How long an instance trusts its copy of a seller's keywords before reading them again. */
const KEYWORDS_TTL_MS = 5000;

export interface ChatGateInput {
  sellerId: string;
  ownerId: string;
  streamId: string;
  userId: string;
  message: string;
  settings: ChatSettings;
}

/**
 * Decides a chat message before it is saved; `banned` looks again just before it is published. The owner
 * and moderators skip slow mode, followers-only, the link rule and the keyword filter.
 */
export function createChatGate({ limiter }: { limiter: Limiter }) {
  // Compiling the default list and its first match take ~200 ms of CPU (regex and Unicode tables): done
  // here, at start, not on a show's first chat message, where every message behind it would wait.
  defaultKeywordFilter().match('warm up');
  const keywords = new Map<string, { filter: KeywordFilter; words: string; loadedAt: number }>();

  async function sellerFilter(db: Db, sellerId: string): Promise<KeywordFilter> {
    const cached = keywords.get(sellerId);
    if (cached && Date.now() - cached.loadedAt < KEYWORDS_TTL_MS) return cached.filter;
    const row = await repo.findKeywords(db, sellerId);
    const words = (row?.words ?? []).join('\n');
    // 200 words compile in tens of ms: only when they changed, not every time the copy is re-read.
    const filter = cached?.words === words ? cached.filter : compileKeywordFilter(row?.words ?? []);
    keywords.set(sellerId, { filter, words, loadedAt: Date.now() });
    return filter;
  }

  return {
    /** Throws ChatRefused; returns whether the message is held (saved, shown to its sender only). */
    async check(db: Db, input: ChatGateInput): Promise<{ held: boolean }> {
      const { sellerId, ownerId, streamId, userId, message, settings } = input;
      const standing = await repo.standing(db, sellerId, userId);
      // Issue 28: its sockets are being closed on every instance; a line sent meanwhile goes nowhere.
      if (standing.suspended) throw new HttpError(403, 'This account is suspended');
      if (userId === ownerId) return { held: false };
      if (standing.banned) throw refuse('banned');
      if (standing.timeoutSeconds !== null) throw refuse('muted', standing.timeoutSeconds);
      if (standing.moderator) return { held: false };
      if (settings.followersOnly && !standing.follower) throw refuse('followers_only');
      if (!settings.linksAllowed && hasLinkOrPhone(message)) throw refuse('link_blocked');
      // A refused message does not use up the slow-mode turn; a held one does (it looks sent).
      if (settings.slowModeSeconds > 0) {
        const turn = await limiter.hit(`slow:${streamId}:${userId}`, 1, settings.slowModeSeconds);
        if (!turn.allowed) throw refuse('slow_mode', turn.retryAfterSeconds);
      }
      const held = defaultKeywordFilter().match(message) !== null || (await sellerFilter(db, sellerId)).match(message) !== null;
      return { held };
    },

    /** Under the (store, user) lock, just before a saved message is published: a ban that landed since the check. */
    async banned(tx: Tx, sellerId: string, userId: string): Promise<ChatRefused | null> {
      const ban = await repo.findActiveBan(tx, sellerId, userId);
      if (!ban) return null;
      return ban.until === null ? refuse('banned') : refuse('muted', Math.max(1, Math.ceil((ban.until.getTime() - Date.now()) / 1000)));
    },

    /** The seller saved their words on this instance: compiled now, used from the next message. */
    learn(sellerId: string, words: readonly string[]) {
      keywords.set(sellerId, { filter: compileKeywordFilter(words), words: words.join('\n'), loadedAt: Date.now() });
    },
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
