import { Redis } from 'ioredis';

export async function connectRedis(url: string, onError: (err: Error) => void = () => {}): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
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
