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

export function redisLimiter(redis: Redis, prefix = 'lm:'): Limiter {
  return {
    async hit(key, limit, windowSeconds) {
      const k = `${prefix}limit:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.pexpire(k, windowSeconds * 1000);
      const retryAfterSeconds = Math.ceil((ttl < 0 ? windowSeconds * 1000 : ttl) / 1000);
      return { allowed: count <= limit, retryAfterSeconds };
    },
  };
}

// Static files: one page view fetches dozens of them, and serving one costs a file read, so they do not
// count against a phone's API allowance. Pages and the API (and the API calls a server-rendered page
// makes for its reader) do.
export const countsTowardRateLimit = (url: string) => !isStaticFile(url);

export async function registerRateLimit(app: FastifyInstance, config: Config, redis?: Redis) {
  await app.register(rateLimit, {
    global: true,
    max: config.apiRateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !countsTowardRateLimit(request.url),
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}rl:` } : {}),
    // Thrown, so the error handler answers it in the reader's language.
    errorResponseBuilder: (_req, ctx) => new HttpError(429, 'Too many requests. Try again in {{count}} seconds.', { count: Math.ceil(ctx.ttl / 1000) }),
  });
}
