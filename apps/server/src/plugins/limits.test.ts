import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, readEnv } from '../config/env.js';
import { countsTowardRateLimit, memoryLimiter, redisLimiter, registerRateLimit, type Limiter } from './limits.js';

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

// A Redis that is not there (port 9 on loopback: nothing listens), as while Redis is down.
const unreachable = () => new Redis({ host: '127.0.0.1', port: 9, lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });

describe('without Redis', () => {
  it('the shared limiter counts on this instance instead of failing', async () => {
    await exercise(redisLimiter(unreachable()), 'down');
  });

  it('the API allowance still answers, counted on this instance', async () => {
    const app = Fastify();
    await registerRateLimit(app, { ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'lm-env-test') }), apiRateLimitPerMinute: 2 }, unreachable());
    app.get('/api/ping', async () => ({ ok: true }));
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ url: '/api/ping' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    await app.close();
  });
});

describe('the API allowance', () => {
  it('counts the API and pages, not the files a page loads', () => {
    for (const url of ['/api/streams/live', '/api/auth/user?x=1', '/', '/stream/0b5c', '/api/uploads/a.webp', '/api/logout']) expect(countsTowardRateLimit(url), url).toBe(true);
    for (const url of ['/assets/index-abc.js', '/assets/hi-x1.json', '/sw.js', '/demo/stream-saree.svg', '/uploads/p/640.avif', '/manifest.webmanifest', '/favicon.svg?v=2']) {
      expect(countsTowardRateLimit(url), url).toBe(false);
    }
  });

  it('still answers the API after a page has loaded more files than the allowance', async () => {
    const app = Fastify();
    await registerRateLimit(app, { ...loadConfig({ DATA_DIR: path.join(os.tmpdir(), 'lm-env-test') }), apiRateLimitPerMinute: 3 });
    app.get('/assets/:file', async () => 'export {};');
    app.get('/api/ping', async () => ({ ok: true }));
    for (let i = 0; i < 10; i++) expect((await app.inject({ url: `/assets/chunk-${i}.js` })).statusCode).toBe(200);
    const api = [];
    for (let i = 0; i < 4; i++) api.push((await app.inject({ url: '/api/ping' })).statusCode);
    expect(api).toEqual([200, 200, 200, 429]);
    await app.close();
  });
});

// Runs where Redis is configured: CI's second server pass sets REDIS_URL.
const redisUrl = readEnv().REDIS_URL;
describe.runIf(redisUrl)('redis limiter', () => {
  const redis = redisUrl ? new Redis(redisUrl) : null;
  // The app connects before it serves (connectRedis); until then the limiter counts locally.
  beforeAll(() => redis?.ping());
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

  it('gives a window its expiry in the same step, and one to a key that lost it', async () => {
    const key = `test:${Date.now()}:${Math.random()}`;
    const first = await redisLimiter(redis!).hit(key, 1, 30);
    expect(first).toEqual({ allowed: true, retryAfterSeconds: 30 });
    expect(await redis!.pttl(`lm:limit:${key}`)).toBeGreaterThan(29_000);
    await redis!.persist(`lm:limit:${key}`);
    const second = await redisLimiter(redis!).hit(key, 1, 30);
    expect(second.allowed).toBe(false);
    expect(second.retryAfterSeconds).toBe(30);
    expect(await redis!.pttl(`lm:limit:${key}`)).toBeGreaterThan(29_000);
  });

  it('loads its script again after Redis forgot it', async () => {
    const key = `test:${Date.now()}:${Math.random()}`;
    const limiter = redisLimiter(redis!);
    await limiter.hit(key, 5, 60);
    await redis!.script('FLUSH');
    expect((await limiter.hit(key, 5, 60)).allowed).toBe(true);
    expect(await redis!.get(`lm:limit:${key}`)).toBe('2');
  });
});
