import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

// Fans a stream's events out to every server instance that has viewers of it.
export interface Bus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      // Asynchronous like Redis, so callers never depend on synchronous delivery.
      queueMicrotask(() => emitter.emit(channel, payload));
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Redis pub/sub: one publishing connection (shared) and one subscriber connection of its own. */
export function redisBus(redis: Redis, prefix: string): Bus {
  // Connected now, not lazily: a lazy connection that takes two SUBSCRIBEs at once runs its ready
  // check (INFO) after the first and fails with "Connection in subscriber mode".
  const subscriber = redis.duplicate({ lazyConnect: false });
  // One channel held for the connection's life: its subscription count never falls to zero, so
  // ioredis never leaves subscriber mode while another SUBSCRIBE is in flight (which lost messages).
  const held = subscriber.subscribe(`${prefix}bus:held`).catch(() => {});
  subscriber.on('error', () => {
    // Reconnects by itself and re-subscribes (ioredis autoResubscribe).
  });
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  subscriber.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of set) handler(payload);
  });
  return {
    async publish(channel, payload) {
      await redis.publish(prefix + channel, JSON.stringify(payload));
    },
    async subscribe(channel, handler) {
      const key = prefix + channel;
      let set = handlers.get(key);
      if (!set) {
        handlers.set(key, (set = new Set()));
        await held;
        await subscriber.subscribe(key);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(key) === set) {
          handlers.delete(key);
          await subscriber.unsubscribe(key);
        }
      };
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}
