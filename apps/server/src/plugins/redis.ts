import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export async function connectRedis(url: string, onError: (err: Error) => void = () => {}): Promise<Redis> {
  // While Redis is away, commands fail at once (no offline queue) and each caller falls back to this
  // instance alone: a request never waits seconds for a Redis that is not there.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  // ioredis reconnects by itself; without a listener an error event would crash the process.
  redis.on('error', onError);
  await redis.connect();
  return redis;
}

/** Closes gracefully, or drops the connection when it is already broken. */
export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}

/** Redis down logs once a minute, not once per reconnect attempt or message. */
export function redisWarner(log: FastifyBaseLogger): (err: unknown) => void {
  let warnedAt = 0;
  return (err) => {
    if (Date.now() - warnedAt < 60_000) return;
    warnedAt = Date.now();
    log.warn({ err }, 'redis unavailable: this instance serves its own sockets and counts limits alone until it is back');
  };
}
