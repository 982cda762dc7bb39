import type { Bus } from '../../realtime/bus.js';

/**
 * What a chat message's checks hold in memory goes stale on these (decision 056): a stream's chat
 * settings, a seller's keywords, a member's standing in a store (ban, unban, timeout, moderator added or
 * removed). `all` is heard after the bus was away, when changes may have gone unheard.
 */
export type ChatChange =
  | { kind: 'stream'; streamId: string }
  | { kind: 'seller'; sellerId: string }
  | { kind: 'member'; sellerId: string; userId: string }
  | { kind: 'all' };

const CHANNEL = 'chat-changes';

export interface ChatChanges {
  /** Heard on every instance, this one included, before the promise settles here. */
  publish(change: ChatChange): Promise<void>;
  on(handler: (change: ChatChange) => void): void;
  /** Whether changes from the other instances are heard right now: while not, copies are not trusted. */
  heard(): boolean;
}

/** Without a bus (unit tests, one instance without Redis): changes are heard in this process only. */
export function chatChanges(bus?: Bus): ChatChanges {
  const handlers: Array<(change: ChatChange) => void> = [];
  const hear = (change: ChatChange) => {
    for (const handler of handlers) handler(change);
  };
  if (bus) {
    // Subscribed at start: an instance never holds a copy without hearing what changes it.
    void bus.subscribe(CHANNEL, (payload) => hear(payload as ChatChange)).catch(() => {
      // Redis away at start: the bus re-subscribes by itself, and its reconnect empties the copies.
    });
    bus.onReconnect(() => hear({ kind: 'all' }));
  }
  return {
    async publish(change) {
      // This instance forgets at once, not a microtask later: its next message reads afresh.
      hear(change);
      if (bus) await bus.publish(CHANNEL, change);
    },
    on(handler) {
      handlers.push(handler);
    },
    heard: () => !bus || bus.connected(),
  };
}
