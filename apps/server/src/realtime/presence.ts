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

// Decision 051. Per stream (one hash tag): `users` maps each user to the number of instances holding at
// least one of their connections, so HLEN is the distinct count: a user with two tabs on one instance or on
// two counts once, and a count costs O(instances), not O(viewers). `i:<instance>` lists the instance's
// own users (to take them back out if it dies) and `beat:<instance>` expires when it stops refreshing.
// Each instance touches Redis only on a user's first connection and last leave on it.
const JOIN_SCRIPT = `
if redis.call('HSETNX', KEYS[1], ARGV[1], 1) == 1 then redis.call('HINCRBY', KEYS[2], ARGV[1], 1) end
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('SET', KEYS[4], 1, 'PX', ARGV[3])
return 1`;
const LEAVE_SCRIPT = `
if redis.call('HDEL', KEYS[1], ARGV[1]) == 1 then
  if redis.call('HINCRBY', KEYS[2], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
end
return 1`;
// Takes one instance's users out of the count (a dead instance's, or this one's before it rewrites).
const DROP = `
local function drop(own)
  for _, user in ipairs(redis.call('HKEYS', own)) do
    if redis.call('HINCRBY', KEYS[2], user, -1) <= 0 then redis.call('HDEL', KEYS[2], user) end
  end
  redis.call('DEL', own)
end`;
// KEYS: instances, users; ARGV: key prefix of the streams' instance keys. A dead instance's share goes once.
const COUNT_SCRIPT = `${DROP}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. 'beat:' .. id) == 0 then
    drop(ARGV[1] .. 'i:' .. id)
    redis.call('SREM', KEYS[1], id)
  end
end
return redis.call('HLEN', KEYS[2])`;
// KEYS: own, users, instances, beat; ARGV: instance, beat ms, then this instance's users. Replaces its share.
const REWRITE_SCRIPT = `${DROP}
drop(KEYS[1])
for i = 3, #ARGV do
  redis.call('HSET', KEYS[1], ARGV[i], 1)
  redis.call('HINCRBY', KEYS[2], ARGV[i], 1)
end
if #ARGV > 2 then
  redis.call('SADD', KEYS[3], ARGV[1])
  redis.call('SET', KEYS[4], 1, 'PX', ARGV[2])
else
  redis.call('SREM', KEYS[3], ARGV[1])
  redis.call('DEL', KEYS[4])
end
return 1`;
// An instance that stops refreshing (crashed, cut off) drops out of every count within this.
const INSTANCE_TTL_MS = 60_000;
const REFRESH_MS = 20_000;
// Keys nobody refreshes any more (every instance gone) go after a day.
const KEYS_TTL_MS = 24 * 3600 * 1000;

export interface RedisPresence extends Presence {
  close(): void;
}

/** While Redis cannot answer, counts are this instance's own viewers: a room keeps working. */
export function redisPresence(redis: Redis, prefix: string, instance: string): RedisPresence {
  const local = new Map<string, Map<string, number>>();
  const base = (streamId: string) => `${prefix}presence:{${streamId}}:`;
  const keys = (streamId: string) => {
    const b = base(streamId);
    return { own: `${b}i:${instance}`, users: `${b}users`, instances: `${b}instances`, beat: `${b}beat:${instance}` };
  };
  const localCount = (streamId: string) => local.get(streamId)?.size ?? 0;
  const ready = () => redis.status === 'ready';

  /** This instance's share of every room it has (or had while Redis was away), as it knows it. */
  async function rewrite() {
    const streams = new Set([...emptied, ...local.keys()]);
    emptied.clear();
    for (const streamId of streams) {
      const k = keys(streamId);
      const users = [...(local.get(streamId)?.keys() ?? [])];
      await redis.eval(REWRITE_SCRIPT, 4, k.own, k.users, k.instances, k.beat, instance, INSTANCE_TTL_MS, ...users);
    }
  }
  async function refresh() {
    if (!ready() || local.size === 0) return;
    const batch = redis.multi();
    for (const streamId of local.keys()) {
      const k = keys(streamId);
      batch.set(k.beat, 1, 'PX', INSTANCE_TTL_MS).pexpire(k.own, KEYS_TTL_MS).pexpire(k.users, KEYS_TTL_MS).pexpire(k.instances, KEYS_TTL_MS);
    }
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
      const n = (room.get(userId) ?? 0) + 1;
      room.set(userId, n);
      if (n > 1) return;
      const k = keys(streamId);
      await tryRedis(() => redis.eval(JOIN_SCRIPT, 4, k.own, k.users, k.instances, k.beat, userId, instance, INSTANCE_TTL_MS));
    },
    async leave(streamId, userId) {
      const room = local.get(streamId);
      const n = room?.get(userId);
      if (!room || n === undefined) return;
      if (n > 1) return void room.set(userId, n - 1);
      room.delete(userId);
      if (room.size === 0) {
        local.delete(streamId);
        if (!ready()) emptied.add(streamId);
      }
      const k = keys(streamId);
      await tryRedis(() => redis.eval(LEAVE_SCRIPT, 2, k.own, k.users, userId));
    },
    async count(streamId) {
      if (!ready()) return localCount(streamId);
      try {
        const k = keys(streamId);
        return (await redis.eval(COUNT_SCRIPT, 2, k.instances, k.users, base(streamId))) as number;
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
