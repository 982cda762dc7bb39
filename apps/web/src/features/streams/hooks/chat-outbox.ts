import { useSyncExternalStore } from 'react';

// Issue 25: a chat line typed on a weak network. It shows at once as "Sending…", goes out when the
// connection allows (again after a reconnect: the server saves a clientId once, so sending it twice is
// safe), and becomes the real line when the server's echo names its clientId. A line that cannot go
// out says "Not sent" with Retry. Nothing is typed twice, and nothing shows twice.

/** Sent on a working connection, a line not answered within this long is marked not sent. */
export const CHAT_ACK_TIMEOUT_MS = 10_000;
/** Waiting for a connection (offline, reconnecting), a line is marked not sent after this long. */
export const CHAT_QUEUE_MAX_MS = 60_000;

export type PendingChatLine = { clientId: string; text: string; state: 'sending' | 'failed' };

type Line = PendingChatLine & { since: number; transmitted: boolean };

/** Sends one line; false when the socket is not open (the line then waits). */
export type ChatTransport = (clientId: string, text: string) => boolean;

type OutboxOptions = { now?: () => number; isOnline?: () => boolean; newId?: () => string };

export class ChatOutbox {
  private lines: Line[] = [];
  private snapshot: PendingChatLine[] = [];
  private transport: ChatTransport | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly isOnline: () => boolean;
  private readonly newId: () => string;

  constructor(options: OutboxOptions = {}) {
    this.now = options.now ?? Date.now;
    this.isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.newId = options.newId ?? (() => crypto.randomUUID());
  }

  /** The page's way to send (set while the stream page is open); lines waiting for it go out now. */
  setTransport(transport: ChatTransport | null): void {
    this.transport = transport;
    if (transport) this.resend();
  }

  /** Queues a line and tries to send it; returns its clientId. */
  add(text: string): string {
    const line: Line = { clientId: this.newId(), text, state: 'sending', since: this.now(), transmitted: false };
    this.lines = [...this.lines, line];
    this.transmit(line);
    this.changed();
    return line.clientId;
  }

  /** Sends every line still sending again (a new connection, or the browser came back online). */
  resend(): void {
    const waiting = this.lines.filter((line) => line.state === 'sending');
    if (!waiting.length) return;
    for (const line of waiting) this.transmit(line);
    this.changed();
  }

  retry(clientId: string): void {
    this.update(clientId, (line) => {
      const again: Line = { ...line, state: 'sending', since: this.now(), transmitted: false };
      this.transmit(again);
      return again;
    });
  }

  /** The server's echo named it: the real line is in the chat now. */
  confirm(clientId: string): void {
    this.remove(clientId);
  }

  /** The server refused it (the composer puts its text back in the box), or the person dismissed it. */
  remove(clientId: string): void {
    if (!this.lines.some((line) => line.clientId === clientId)) return;
    this.lines = this.lines.filter((line) => line.clientId !== clientId);
    this.changed();
  }

  /** The server answered with an error for it (too many lines, the show ended). */
  fail(clientId: string): void {
    this.update(clientId, (line) => ({ ...line, state: 'failed' }));
  }

  getLines(): PendingChatLine[] {
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks lines that waited too long as not sent; call again at the returned time (null: nothing waits). */
  expire(): number | null {
    const now = this.now();
    let next: number | null = null;
    let changed = false;
    this.lines = this.lines.map((line) => {
      if (line.state !== 'sending') return line;
      // Offline, a socket may look open while nothing comes back: only the longer wait applies.
      const limit = line.transmitted && this.isOnline() ? CHAT_ACK_TIMEOUT_MS : CHAT_QUEUE_MAX_MS;
      if (now - line.since >= limit) {
        changed = true;
        return { ...line, state: 'failed' };
      }
      next = Math.min(next ?? Infinity, line.since + limit);
      return line;
    });
    if (changed) this.publish();
    return next;
  }

  private transmit(line: Line): void {
    const sent = this.transport?.(line.clientId, line.text) ?? false;
    // A line that goes out (again) waits for its answer from now; one that waits keeps its first moment.
    if (sent) {
      line.transmitted = true;
      line.since = this.now();
    }
  }

  private update(clientId: string, change: (line: Line) => Line): void {
    if (!this.lines.some((line) => line.clientId === clientId)) return;
    this.lines = this.lines.map((line) => (line.clientId === clientId ? change(line) : line));
    this.changed();
  }

  private changed(): void {
    this.publish();
    this.schedule();
  }

  private publish(): void {
    this.snapshot = this.lines.map(({ clientId, text, state }) => ({ clientId, text, state }));
    for (const listener of [...this.listeners]) listener();
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const at = this.expire();
    if (at === null) return;
    this.timer = setTimeout(() => this.schedule(), Math.max(0, at - this.now()));
  }
}

const outboxes = new Map<string, ChatOutbox>();

/** The stream's outbox, kept for the tab: lines still waiting are there when the page opens again. */
export function chatOutbox(streamId: string): ChatOutbox {
  let outbox = outboxes.get(streamId);
  if (!outbox) {
    outbox = new ChatOutbox();
    outboxes.set(streamId, outbox);
  }
  return outbox;
}

/** Forgets every outbox (tests start from none). */
export function clearChatOutboxes(): void {
  outboxes.clear();
}

const NONE: PendingChatLine[] = [];

export function usePendingChatLines(streamId: string): PendingChatLine[] {
  const outbox = chatOutbox(streamId);
  return useSyncExternalStore(
    (listener) => outbox.subscribe(listener),
    () => outbox.getLines(),
    () => NONE,
  );
}
