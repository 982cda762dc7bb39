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

// Each instance keeps its own hash per stream (userId → its open connections there), refreshed while it
// lives and rewritten from memory when Redis comes back (restarted empty, or having missed our leaves);
// the count is the distinct users across the instances' hashes. Keys share the stream's hash tag.
const COUNT_SCRIPT = `
local seen, n = {}, 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[1] .. id
  if redis.call('EXISTS', key) == 0 then
    redis.call('SREM', KEYS[1], id)
  else
    for _, user in ipairs(redis.call('HKEYS', key)) do
      if not seen[user] then seen[user] = true; n = n + 1 end
    end
  end
end
return n`;
const LEAVE_SCRIPT = `
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n`;
// An instance that stops refreshing (crashed, cut off) drops out of every count within this.
const INSTANCE_TTL_MS = 60_000;
const REFRESH_MS = 20_000;

export interface RedisPresence extends Presence {
  close(): void;
}

/** While Redis cannot answer, counts are this instance's own viewers: a room keeps working. */
export function redisPresence(redis: Redis, prefix: string, instance: string): RedisPresence {
  const local = new Map<string, Map<string, number>>();
  const instances = (streamId: string) => `${prefix}presence:{${streamId}}:instances`;
  const base = (streamId: string) => `${prefix}presence:{${streamId}}:i:`;
  const own = (streamId: string) => base(streamId) + instance;
  const localCount = (streamId: string) => local.get(streamId)?.size ?? 0;
  const ready = () => redis.status === 'ready';

  /** This instance's share of every room it has, as it knows it. */
  async function rewrite() {
    const batch = redis.multi();
    for (const streamId of emptied) if (!local.has(streamId)) batch.del(own(streamId));
    emptied.clear();
    for (const [streamId, users] of local) {
      batch.del(own(streamId));
      if (users.size) batch.hset(own(streamId), Object.fromEntries(users)).pexpire(own(streamId), INSTANCE_TTL_MS);
      batch.sadd(instances(streamId), instance).pexpire(instances(streamId), 24 * 3600 * 1000);
    }
    await batch.exec();
  }
  async function refresh() {
    if (!ready() || local.size === 0) return;
    const batch = redis.multi();
    for (const streamId of local.keys()) batch.pexpire(own(streamId), INSTANCE_TTL_MS);
    await batch.exec();
  }
  // Rooms this instance left entirely while Redis was away: its share there goes on rewrite.
  const emptied = new Set<string>();
  // Redis is back (connected before this was made): it may have restarted empty or missed our writes.
  const onReady = () => void rewrite().catch(() => {});
  redis.on('ready', onReady);
  const timer = setInterval(() => void refresh().catch(() => {}), REFRESH_MS);
  timer.unref();
  // A write Redis did not take is made good by the rewrite when it is back.
  const tryRedis = async (write: () => Promise<unknown>) => {
    if (ready()) await write().catch(() => {});
  };

  return {
    async join(streamId, userId) {
      let room = local.get(streamId);
      if (!room) local.set(streamId, (room = new Map()));
      room.set(userId, (room.get(userId) ?? 0) + 1);
      await tryRedis(() =>
        redis
          .multi()
          .hincrby(own(streamId), userId, 1)
          .pexpire(own(streamId), INSTANCE_TTL_MS)
          .sadd(instances(streamId), instance)
          .pexpire(instances(streamId), 24 * 3600 * 1000)
          .exec(),
      );
    },
    async leave(streamId, userId) {
      const room = local.get(streamId);
      const n = room?.get(userId);
      if (!room || n === undefined) return;
      if (n <= 1) room.delete(userId);
      else room.set(userId, n - 1);
      if (room.size === 0) {
        local.delete(streamId);
        if (!ready()) emptied.add(streamId);
      }
      await tryRedis(() => redis.eval(LEAVE_SCRIPT, 1, own(streamId), userId));
    },
    async count(streamId) {
      if (!ready()) return localCount(streamId);
      try {
        return (await redis.eval(COUNT_SCRIPT, 1, instances(streamId), base(streamId))) as number;
      } catch {
        return localCount(streamId);
      }
    },
    close() {
      clearInterval(timer);
      redis.off('ready', onReady);
    },
  };
}
