import type { Redis } from 'ioredis';

// Who is in a stream's room right now, counted as distinct users across every instance.
// A user with two tabs (or two instances) counts once; the count drops when the last one leaves.
export interface Presence {
  join(streamId: string, userId: string): Promise<void>;
  leave(streamId: string, userId: string): Promise<void>;
  count(streamId: string): Promise<number>;
}

export function memoryPresence(): Presence {
  const rooms = new Map<string, Map<string, number>>();
  return {
    async join(streamId, userId) {
      let room = rooms.get(streamId);
      if (!room) rooms.set(streamId, (room = new Map()));
      room.set(userId, (room.get(userId) ?? 0) + 1);
    },
    async leave(streamId, userId) {
      const room = rooms.get(streamId);
      const n = room?.get(userId);
      if (!room || n === undefined) return;
      if (n <= 1) room.delete(userId);
      else room.set(userId, n - 1);
      if (room.size === 0) rooms.delete(streamId);
    },
    async count(streamId) {
      return rooms.get(streamId)?.size ?? 0;
    },
  };
}

// A hash per stream: userId → open connections. HINCRBY/HDEL keep it exact across instances.
const LEAVE_SCRIPT = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n`;

export function redisPresence(redis: Redis, prefix: string): Presence {
  const key = (streamId: string) => `${prefix}presence:${streamId}`;
  return {
    async join(streamId, userId) {
      await redis.multi().hincrby(key(streamId), userId, 1).pexpire(key(streamId), 24 * 3600 * 1000).exec();
    },
    async leave(streamId, userId) {
      await redis.eval(LEAVE_SCRIPT, 1, key(streamId), userId);
    },
    async count(streamId) {
      return redis.hlen(key(streamId));
    },
  };
}
