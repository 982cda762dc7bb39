import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Hub } from '../../realtime/hub.js';
import { unreadCounts } from './service.js';

/** Tells users' open sockets (on every instance) their new unread count. Call after the change is committed. */
export type UnreadPush = (userIds: string[]) => Promise<void>;

// A store with many followers goes live: counts are read a batch at a time.
const BATCH = 500;

export function createUnreadPush(deps: { db: Db; hub: Pick<Hub, 'sendToUser'>; log: FastifyBaseLogger }): UnreadPush {
  return async (userIds) => {
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += BATCH) {
      try {
        const counts = await unreadCounts(deps.db, unique.slice(i, i + BATCH));
        await Promise.all([...counts].map(([userId, count]) => deps.hub.sendToUser(userId, { type: 'notifications_unread', count })));
      } catch (err) {
        // The change itself is saved; the header catches up on its next fetch (refocus).
        deps.log.warn({ err }, 'unread count push failed');
      }
    }
  };
}
