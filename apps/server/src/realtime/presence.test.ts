import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env.js';
import { memoryPresence, redisPresence, type RedisPresence } from './presence.js';

describe('memoryPresence', () => {
  it('counts distinct users: two tabs once, and the count drops when the last tab leaves', async () => {
    const p = memoryPresence();
    await p.join('s', 'asha');
    await p.join('s', 'asha');
    await p.join('s', 'ravi');
    expect(await p.count('s')).toBe(2);
    await p.leave('s', 'asha');
    expect(await p.count('s')).toBe(2);
    await p.leave('s', 'asha');
    expect(await p.count('s')).toBe(1);
  });
});

// Decision 051: distinct users across instances from one hash (HLEN), a dead instance's share taken out.
const env = readEnv();
describe.runIf(env.REDIS_URL)('redisPresence across instances', () => {
  let redis: Redis;
  const prefix = `lm-test:${randomUUID()}:`;
  const open: RedisPresence[] = [];
  const instance = (id: string) => {
    const p = redisPresence(redis, prefix, id);
    open.push(p);
    return p;
  };
  beforeAll(async () => {
    redis = new Redis(env.REDIS_URL!, { enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    for (const p of open) p.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts a user with tabs on two instances once, and drops them only when their last tab anywhere leaves', async () => {
    const [a, b] = [instance('a'), instance('b')];
    await a.join('show', 'asha');
    await a.join('show', 'asha');
    await b.join('show', 'asha');
    await b.join('show', 'ravi');
    expect(await a.count('show')).toBe(2);
    expect(await b.count('show')).toBe(2);
    await a.leave('show', 'asha');
    await a.leave('show', 'asha');
    expect(await b.count('show')).toBe(2);
    await b.leave('show', 'asha');
    expect(await a.count('show')).toBe(1);
    expect(await redis.hlen(`${prefix}presence:{show}:users`)).toBe(1);
  });

  it("takes a dead instance's viewers out once its heartbeat has expired, and only theirs", async () => {
    const [a, b] = [instance('a2'), instance('b2')];
    for (let i = 0; i < 50; i++) await b.join('big', `viewer${i}`);
    await a.join('big', 'viewer0');
    await a.join('big', 'shopper');
    expect(await a.count('big')).toBe(51);
    // b crashes: it stops refreshing and its heartbeat runs out (as after 60 s).
    b.close();
    await redis.del(`${prefix}presence:{big}:beat:b2`);
    expect(await a.count('big')).toBe(2);
    expect(await a.count('big')).toBe(2);
    expect(await redis.exists(`${prefix}presence:{big}:i:b2`)).toBe(0);
  });

  it('costs the same count whether a show has 10 or 20,000 viewers (no walk over them)', async () => {
    const a = instance('a3');
    const b = instance('b3');
    for (let i = 0; i < 10; i++) await a.join('small', `u${i}`);
    const users = Array.from({ length: 20_000 }, (_, i) => `u${i}`);
    for (let i = 0; i < users.length; i += 500) await Promise.all(users.slice(i, i + 500).map((u, j) => (j % 2 ? a : b).join('huge', u)));
    expect(await a.count('huge')).toBe(20_000);
    const time = async (streamId: string) => {
      const t0 = performance.now();
      for (let i = 0; i < 50; i++) await a.count(streamId);
      return performance.now() - t0;
    };
    await time('small');
    const [small, huge] = [await time('small'), await time('huge')];
    // The old script read 20,000 fields per count (tens of ms each); this reads a few keys.
    expect(huge).toBeLessThan(small * 5 + 50);
  }, 60_000);
});
