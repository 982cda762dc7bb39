import type { ChatSettings } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { preparedStatement } from '../../db/prepared.js';
import { HttpError } from '../../plugins/errors.js';
import type { ChatChanges } from '../moderation/chat-changes.js';
import * as repo from './repository.js';

/** What a chat message needs to know about its show: held per instance, dropped by the changes heard on the bus. */
export interface ChatStream {
  sellerId: string;
  ownerId: string;
  isLive: boolean;
  settings: ChatSettings;
  loadedAt: number;
}

/** A safety net only: a copy is dropped when its show's settings change; re-read after this long anyway. */
const COPY_TTL_MS = 60_000;
const MAX_STREAMS = 10_000;

export const chatSettingsOf = (row: repo.StreamRow): ChatSettings => ({
  slowModeSeconds: row.slowModeSeconds,
  followersOnly: row.followersOnly,
  linksAllowed: row.linksAllowed,
});

export function createChatStreams(db: Db, changes: ChatChanges) {
  const held = new Map<string, ChatStream>();
  changes.on((change) => {
    if (change.kind === 'stream') held.delete(change.streamId);
    else if (change.kind === 'all') held.clear();
  });

  return {
    /** A show not live is read again: it may have started since (the save refuses one that ended). */
    async get(streamId: string): Promise<ChatStream> {
      const copy = held.get(streamId);
      if (copy?.isLive && changes.heard() && Date.now() - copy.loadedAt < COPY_TTL_MS) return copy;
      const found = await repo.findStreamWithSeller(db, streamId);
      if (!found) throw new HttpError(404, 'Stream not found');
      const fresh = { sellerId: found.seller.id, ownerId: found.seller.userId, isLive: found.stream.isLive, settings: chatSettingsOf(found.stream), loadedAt: Date.now() };
      if (held.size >= MAX_STREAMS) held.clear();
      if (fresh.isLive) held.set(streamId, fresh);
      else held.delete(streamId);
      return fresh;
    },
    forget(streamId: string) {
      held.delete(streamId);
    },
  };
}

export type ChatStreams = ReturnType<typeof createChatStreams>;

const saveLine = preparedStatement(
  'chat_line',
  `insert into chat_messages (stream_id, user_id, message, held)
    select $1, $2, $3, $4
    where exists (
        select 1 from streams s where s.id = $1 and s.is_live
          and (not s.followers_only or $5 or exists (select 1 from follows f where f.seller_id = $6 and f.follower_id = $2)))
      and not exists (select 1 from store_bans b where b.seller_id = $6 and b.user_id = $2 and (b.until is null or b.until > now()))
      and not exists (select 1 from "user" u where u.id = $2 and u.suspended_at is not null)
    returning id, floor(extract(epoch from created_at) * 1000)::bigint`,
);

/**
 * The one statement a chat message costs (decision 056): saved only while the show is live, its sender
 * neither banned nor timed out in the store nor suspended, and — in followers-only chat, for a viewer —
 * still a follower. The database judges at the moment of the save, so a ban committed before it refuses
 * the line on every instance, with no lock. null when refused; the caller asks why.
 */
export async function saveChatLine(
  db: Db,
  line: { streamId: string; sellerId: string; userId: string; message: string; held: boolean; staff: boolean },
): Promise<{ id: string; createdAt: Date } | null> {
  const { streamId, sellerId, userId, message, held, staff } = line;
  const [row] = await saveLine(db, [streamId, userId, message, held ? 't' : 'f', staff ? 't' : 'f', sellerId]);
  return row ? { id: row[0]!, createdAt: new Date(Number(row[1])) } : null;
}
