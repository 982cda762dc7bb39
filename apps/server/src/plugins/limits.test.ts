import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env.js';
import { memoryLimiter, redisLimiter, type Limiter } from './limits.js';

async function exercise(limiter: Limiter, key: string) {
  const results = [];
  for (let i = 0; i < 4; i++) results.push((await limiter.hit(key, 3, 60)).allowed);
  expect(results).toEqual([true, true, true, false]);
  expect((await limiter.hit(`${key}:other`, 3, 60)).allowed).toBe(true);
}

describe('memory limiter', () => {
  it('allows the limit, then refuses until the window resets', async () => {
    let now = 0;
    const limiter = memoryLimiter(() => now);
    await exercise(limiter, 'a');
    const refused = await limiter.hit('a', 3, 60);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now = 60_001;
    expect((await limiter.hit('a', 3, 60)).allowed).toBe(true);
  });
});

// Runs where Redis is configured: CI's second server pass sets REDIS_URL.
const redisUrl = readEnv().REDIS_URL;
describe.runIf(redisUrl)('redis limiter', () => {
  const redis = redisUrl ? new Redis(redisUrl) : null;
  afterAll(() => redis?.quit());

  it('shares counts through Redis and expires them', async () => {
    const key = `test:${Date.now()}:${Math.random()}`;
    await exercise(redisLimiter(redis!), key);
    // A second instance sees the same count.
    expect((await redisLimiter(redis!).hit(key, 3, 60)).allowed).toBe(false);
    const ttl = await redis!.pttl(`lm:limit:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});
