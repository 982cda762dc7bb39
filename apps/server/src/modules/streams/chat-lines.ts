import {
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  CHAT_RESEND_WINDOW_SECONDS,
  type ServerMessage,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { Limiter } from '../../plugins/limits.js';
import type { Client, Hub } from '../../realtime/hub.js';
import { refuse, type ChatGate } from '../moderation/index.js';
import { toChatMessageDto } from './chat-dto.js';
import { createChatStreams, saveChatLine } from './chat-standing.js';
import * as repo from './repository.js';

export { chatSettingsOf } from './chat-standing.js';

interface ChatLinesDeps {
  db: Db;
  gate: ChatGate;
  hub: Pick<Hub, 'broadcast'>;
  limiter: Limiter;
  now: () => Date;
  chatRateLimit?: number;
}

/** A show's chat lines: checked, saved and broadcast once, however often a phone sends them. */
export function createChatLines(deps: ChatLinesDeps) {
  const { db, gate, hub, limiter, now, chatRateLimit = CHAT_RATE_LIMIT } = deps;
  const shows = createChatStreams(db, gate.changes);

  /**
   * Issue 25: a phone sends a line again after a reconnect when it never heard back, though the first
   * try may have been saved. The first try of a clientId claims it (on every instance); a later one
   * gets the saved line back, to its sender only, instead of a second copy. When nothing was saved
   * (the first try was refused), the line goes through the usual checks.
   */
  async function sentBefore(client: Client, streamId: string, message: string, clientId: string): Promise<boolean> {
    const first = await limiter.hit(`chat-line:${client.userId}:${clientId}`, 1, CHAT_RESEND_WINDOW_SECONDS);
    if (first.allowed) return false;
    const saved = await repo.findOwnChatLine(db, { streamId, userId: client.userId, message, since: new Date(now().getTime() - CHAT_RESEND_WINDOW_SECONDS * 1000) });
    if (!saved) return false;
    // Deleted by the staff meanwhile: it stays gone.
    if (saved.m.deletedAt) return true;
    const echo: ServerMessage = { type: 'new_chat_message', message: toChatMessageDto(saved), clientId };
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(echo));
    return true;
  }

  /**
   * Checked against what this instance holds of the show and the sender, saved by one statement that
   * refuses a banned, suspended or unfollowed sender and an ended show (the database judges, decision
   * 056), then broadcast. A held message is saved and echoed to its sender's socket only; the refusal
   * says `held`.
   */
  async function chat(client: Client, streamId: string, message: string, clientId?: string) {
    if (!client.joined.has(streamId)) throw new HttpError(400, 'Join the stream before chatting');
    if (clientId && (await sentBefore(client, streamId, message, clientId))) return;
    const allowed = await limiter.hit(`chat:${client.userId}`, chatRateLimit, CHAT_RATE_WINDOW_MS / 1000);
    if (!allowed.allowed) throw new HttpError(429, 'Slow down: at most {{limit}} messages every {{seconds}} seconds', { limit: chatRateLimit, seconds: CHAT_RATE_WINDOW_MS / 1000 });
    const show = await shows.get(streamId);
    if (!show.isLive) throw new HttpError(409, 'This stream has ended');
    const { sellerId, ownerId, settings } = show;
    const { held, staff } = await gate.check(db, { sellerId, ownerId, streamId, userId: client.userId, message, settings });
    const line = { streamId, sellerId, userId: client.userId, message, held, staff };
    // A refusal nothing explains any more (a ban lifted between the save and the look) is tried again, twice at most.
    let row = await saveChatLine(db, line);
    for (let tries = 0; !row && tries < 2; tries++) {
      shows.forget(streamId);
      const fresh = await shows.get(streamId);
      if (!fresh.isLive) throw new HttpError(409, 'This stream has ended');
      const refusal = await gate.refusal(db, { sellerId, userId: client.userId, followersOnly: fresh.settings.followersOnly, staff });
      if (refusal) throw refusal;
      row = await saveChatLine(db, line);
    }
    if (!row) throw refuse('banned');
    const sent: ServerMessage = {
      type: 'new_chat_message',
      message: { id: row.id, streamId, userId: client.userId, displayName: client.displayName, message, createdAt: row.createdAt.toISOString() },
      ...(clientId ? { clientId } : {}),
    };
    if (held) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(sent));
      throw refuse('held');
    }
    await hub.broadcast(streamId, sent);
  }

  return { chat };
}
