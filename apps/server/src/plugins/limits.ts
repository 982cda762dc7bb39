import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config/env.js';
import { HttpError } from './errors.js';
import { isStaticFile } from './static-files.js';

// A fixed-window counter shared by every instance when Redis is configured.
export interface Limiter {
  /** Counts one hit for key; returns false when the limit is already reached. */
  hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

export function memoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, w);
        if (windows.size > 100_000) for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      }
      const retryAfterSeconds = Math.ceil((w.resetAt - t) / 1000);
      if (w.count >= limit) return { allowed: false, retryAfterSeconds };
      w.count += 1;
      return { allowed: true, retryAfterSeconds };
    },
  };
}

/** Shared through Redis; while Redis cannot answer, each instance counts on its own instead of failing. */
export function redisLimiter(redis: Redis, prefix = 'lm:', local: Limiter = memoryLimiter()): Limiter {
  const shared = redisOnlyLimiter(redis, prefix);
  return {
    async hit(key, limit, windowSeconds) {
      if (redis.status !== 'ready') return local.hit(key, limit, windowSeconds);
      try {
        return await shared.hit(key, limit, windowSeconds);
      } catch {
        return local.hit(key, limit, windowSeconds);
      }
    },
  };
}

// One round trip a hit (issue 31: a chat line makes three hits), and a window's key never lives
// without its expiry: counted, given its window on the first hit (or if it somehow lost it), timed.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

type WithHit = Redis & { lmLimitHit(key: string, windowMs: number): Promise<[number, number]> };

function redisOnlyLimiter(redis: Redis, prefix: string): Limiter {
  // defineCommand runs it by its SHA (EVALSHA), loading it again after a Redis restart.
  if (!('lmLimitHit' in redis)) redis.defineCommand('lmLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const scripted = redis as WithHit;
  return {
    async hit(key, limit, windowSeconds) {
      const [count, ttl] = await scripted.lmLimitHit(`${prefix}limit:${key}`, windowSeconds * 1000);
      return { allowed: count <= limit, retryAfterSeconds: Math.ceil(ttl / 1000) };
    },
  };
}

// Static files: one page view fetches dozens of them, and serving one costs a file read, so they do not
// count against a phone's API allowance. Pages and the API (and the API calls a server-rendered page
// makes for its reader) do.
export const countsTowardRateLimit = (url: string) => !isStaticFile(url);

// @fastify/rate-limit's own stores: Redis's counts across instances, the local one each instance alone.
// The plugin passes the window and the limit too (its typings lag behind).
interface Store {
  incr(key: string, cb: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number, max?: number): void;
  child(routeOptions: object): Store;
}
type StoreClass = new (...args: unknown[]) => Store;
const storeRequire = createRequire(import.meta.resolve('@fastify/rate-limit'));
const RedisStore = storeRequire('./store/RedisStore.js') as StoreClass;
const LocalStore = storeRequire('./store/LocalStore.js') as StoreClass;

/** Redis's store while Redis answers; the instance's own counts while it does not (never a 500). */
function fallbackStore(redis: Redis, nameSpace: string) {
  class FallbackStore implements Store {
    constructor(
      private shared: Store,
      private local: Store,
    ) {}
    incr(key: string, cb: Parameters<Store['incr']>[1], timeWindow?: number, max?: number) {
      if (redis.status !== 'ready') return this.local.incr(key, cb, timeWindow, max);
      this.shared.incr(key, (err, result) => (err ? this.local.incr(key, cb, timeWindow, max) : cb(null, result)), timeWindow, max);
    }
    child(routeOptions: object): Store {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  // The plugin constructs the store with its global options.
  return class extends FallbackStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace), new LocalStore(options.continueExceeding, options.exponentialBackoff));
    }
  };
}

export async function registerRateLimit(app: FastifyInstance, config: Config, redis?: Redis) {
  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !countsTowardRateLimit(request.url),
    ...(redis ? { store: fallbackStore(redis, `${config.redisPrefix}rl:`) } : {}),
    // Thrown, so the error handler answers it in the reader's language.
    errorResponseBuilder: (_req, ctx) => new HttpError(429, 'Too many requests. Try again in {{count}} seconds.', { count: Math.ceil(ctx.ttl / 1000) }),
  });
}
