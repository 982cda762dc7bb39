import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

// Fans a stream's events out to every server instance that has viewers of it.
export interface Bus {
  /** Delivered to this instance's subscribers even when the other instances cannot be reached. */
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns a function that stops the subscription. */
  subscribe(channel: string, handler: (payload: unknown) => void): Promise<() => Promise<void>>;
  /** Whether messages from the other instances arrive right now. */
  connected(): boolean;
  /** Called when messages from other instances arrive again after an outage: what was sent meanwhile is lost. */
  onReconnect(handler: () => void): void;
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
    connected: () => true,
    onReconnect() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

interface Envelope {
  /** The instance that published it: it delivered the message to its own sockets already. */
  from: string;
  payload: unknown;
}

/**
 * Redis pub/sub between instances, one subscriber connection of its own. Each instance delivers what
 * it publishes to its own subscribers directly, so its own viewers keep getting messages while Redis is
 * down; the others hear it through Redis.
 */
export function redisBus(redis: Redis, prefix: string, onError: (err: unknown) => void = () => {}): Bus {
  const instance = randomUUID();
  // Connected now, not lazily: a lazy connection that takes two SUBSCRIBEs at once runs its ready
  // check (INFO) after the first and fails with "Connection in subscriber mode". Its commands wait
  // for the connection however long Redis is away (the main connection's fail fast instead).
  const subscriber = redis.duplicate({ lazyConnect: false, maxRetriesPerRequest: null, enableOfflineQueue: true });
  // One channel held for the connection's life: its subscription count never falls to zero, so
  // ioredis never leaves subscriber mode while another SUBSCRIBE is in flight (which lost messages).
  const held = subscriber.subscribe(`${prefix}bus:held`).catch(() => {});
  subscriber.on('error', () => {
    // Reconnects by itself and re-subscribes (ioredis autoResubscribe).
  });
  const reconnectHandlers: Array<() => void> = [];
  let wasReady = false;
  subscriber.on('ready', () => {
    if (wasReady) for (const handler of reconnectHandlers) handler();
    wasReady = true;
  });
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const deliver = (key: string, payload: unknown) => {
    for (const handler of handlers.get(key) ?? []) handler(payload);
  };
  subscriber.on('message', (channel: string, raw: string) => {
    if (!handlers.has(channel)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.from !== instance) deliver(channel, envelope.payload);
  });
  return {
    async publish(channel, payload) {
      const key = prefix + channel;
      queueMicrotask(() => deliver(key, payload));
      try {
        await redis.publish(key, JSON.stringify({ from: instance, payload } satisfies Envelope));
      } catch (err) {
        // Redis is down: this instance's own sockets have it; the others miss it.
        onError(err);
      }
    },
    async subscribe(channel, handler) {
      const key = prefix + channel;
      let set = handlers.get(key);
      if (!set) {
        handlers.set(key, (set = new Set()));
        await held;
        const subscribed = subscriber.subscribe(key).catch(onError);
        // While Redis is away the SUBSCRIBE waits for it; local messages flow meanwhile.
        if (subscriber.status === 'ready') await subscribed;
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(key) === set) {
          handlers.delete(key);
          if (subscriber.status === 'ready') await subscriber.unsubscribe(key).catch(onError);
          else void subscriber.unsubscribe(key).catch(onError);
        }
      };
    },
    connected: () => subscriber.status === 'ready',
    onReconnect(handler) {
      reconnectHandlers.push(handler);
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}
