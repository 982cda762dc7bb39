import {
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  CHAT_RESEND_WINDOW_SECONDS,
  type ChatSettings,
  type ServerMessage,
} from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import type { Limiter } from '../../plugins/limits.js';
import type { Client, Hub } from '../../realtime/hub.js';
import { lockMember, refuse, type ChatGate } from '../moderation/index.js';
import { toChatMessageDto } from './chat-dto.js';
import * as repo from './repository.js';

export const chatSettingsOf = (row: repo.StreamRow): ChatSettings => ({
  slowModeSeconds: row.slowModeSeconds,
  followersOnly: row.followersOnly,
  linksAllowed: row.linksAllowed,
});

interface ChatLinesDeps {
  db: Db;
  gate: ChatGate;
  hub: Pick<Hub, 'broadcast'>;
  limiter: Limiter;
  now: () => Date;
  chatRateLimit?: number;
  loadOrThrow(streamId: string): Promise<{ stream: repo.StreamRow; seller: { id: string; userId: string } }>;
}

/** A show's chat lines: checked, saved and broadcast once, however often a phone sends them. */
export function createChatLines(deps: ChatLinesDeps) {
  const { db, gate, hub, limiter, now, loadOrThrow, chatRateLimit = CHAT_RATE_LIMIT } = deps;

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
   * Checked, saved, then broadcast under the (store, user) lock held shared: a ban waits for the
   * publish, so nothing goes out after the ban is acknowledged (decision 021). A held message is saved
   * and echoed to its sender's socket only; the refusal says `held`.
   */
  async function chat(client: Client, streamId: string, message: string, clientId?: string) {
    if (!client.joined.has(streamId)) throw new HttpError(400, 'Join the stream before chatting');
    if (clientId && (await sentBefore(client, streamId, message, clientId))) return;
    const allowed = await limiter.hit(`chat:${client.userId}`, chatRateLimit, CHAT_RATE_WINDOW_MS / 1000);
    if (!allowed.allowed) throw new HttpError(429, 'Slow down: at most {{limit}} messages every {{seconds}} seconds', { limit: chatRateLimit, seconds: CHAT_RATE_WINDOW_MS / 1000 });
    const { stream, seller } = await loadOrThrow(streamId);
    if (!stream.isLive) throw new HttpError(409, 'This stream has ended');
    const { held } = await gate.check(db, {
      sellerId: seller.id,
      ownerId: seller.userId,
      streamId,
      userId: client.userId,
      message,
      settings: chatSettingsOf(stream),
    });
    const row = await repo.insertChatMessage(db, { streamId, userId: client.userId, message, held });
    const sent: ServerMessage = {
      type: 'new_chat_message',
      message: { id: row.id, streamId, userId: client.userId, displayName: client.displayName, message, createdAt: row.createdAt.toISOString() },
      ...(clientId ? { clientId } : {}),
    };
    if (held) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(sent));
      throw refuse('held');
    }
    // Saved, then published under the (store, user) lock: a ban waits for this publish, and a ban
    // that came in between the check and now stops it (and the row, which nobody saw, goes).
    const stopped = await db.transaction(async (tx) => {
      await lockMember(tx, seller.id, client.userId, 'shared');
      const refusal = client.userId === seller.userId ? null : await gate.banned(tx, seller.id, client.userId);
      if (refusal) await repo.deleteChatMessage(tx, row.id);
      else await hub.broadcast(streamId, sent);
      return refusal;
    });
    if (stopped) throw stopped;
  }

  return { chat };
}
