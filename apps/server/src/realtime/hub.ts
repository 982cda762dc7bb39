import type { WebSocket } from 'ws';
import { SESSION_ENDED_CLOSE_CODE, SOCKET_LIMIT_CLOSE_CODE, SOCKETS_PER_USER, VIEWER_COUNT_INTERVAL_MS, type ServerMessage } from '@live-market/contract';
import type { Bus } from './bus.js';
import { createFanout } from './fanout.js';
import type { Presence } from './presence.js';

export interface Client {
  socket: WebSocket;
  userId: string;
  /** The session the socket was opened under: it closes when that session ends. */
  sessionId: string;
  displayName: string;
  joined: Set<string>;
}

const LISTS_CHANNEL = 'lists';
const TEXT_FRAME = { binary: false } as const;

type BusEvent = { kind: 'message'; message: ServerMessage; acceptedAt?: number } | { kind: 'presence' } | { kind: 'session_ended'; sessionId: string };

/**
 * Stream rooms on this instance. Messages go through the Bus so that every instance with viewers of
 * a stream delivers them; viewer counts come from Presence (distinct users across instances) and go
 * out at most once per VIEWER_COUNT_INTERVAL_MS per stream.
 */
export class Hub {
  private rooms = new Map<string, Set<Client>>();
  private fanout = createFanout<Client>();
  private subscriptions = new Map<string, Promise<() => Promise<void>>>();
  private countTimers = new Map<string, NodeJS.Timeout>();
  private lastCountAt = new Map<string, number>();
  private closed = false;
  // A user's own sockets on this instance, for messages meant for that user (unread notifications).
  private users = new Map<string, Set<Client>>();
  private userSubscriptions = new Map<string, Promise<() => Promise<void>>>();
  // Issue 25: sockets with a list of live or upcoming shows on screen, and who else hears each change.
  private listWatchers = new Set<Client>();
  private listHandlers: Array<() => void> = [];
  private listsSubscription: Promise<unknown> | null = null;
  // Issue 30, for the metrics: rooms' latest viewer counts; chat lines are timed from publish to sent, with
  // performance.now() for those published here and the wall clock (acceptedAt, floored at 0: clocks differ) for others'.
  private counts = new Map<string, number>();
  private chatFanout: (seconds: number) => void = () => {};
  private publishedAt = new WeakMap<object, number>();

  constructor(
    private bus: Bus,
    private presence: Presence,
    private onCount: (streamId: string, count: number) => void = () => {},
  ) {}

  private channel = (streamId: string) => `stream:${streamId}`;
  // Rooms a client joined without being counted as a viewer (the stream's own seller).
  private uncounted = new WeakMap<Client, Set<string>>();

  /** `counted: false` keeps the client out of the viewer count: a seller does not watch their own show. */
  async join(streamId: string, client: Client, { counted = true } = {}): Promise<void> {
    if (client.joined.has(streamId)) return;
    client.joined.add(streamId);
    if (!counted) {
      let rooms = this.uncounted.get(client);
      if (!rooms) this.uncounted.set(client, (rooms = new Set()));
      rooms.add(streamId);
    }
    let room = this.rooms.get(streamId);
    if (!room) {
      this.rooms.set(streamId, (room = new Set()));
      this.subscriptions.set(streamId, this.bus.subscribe(this.channel(streamId), (event) => this.deliver(streamId, event as BusEvent)));
    }
    room.add(client);
    await this.subscriptions.get(streamId);
    if (!counted) {
      // Nothing changed for the room, but this client still needs today's count.
      const count = await this.presence.count(streamId).catch(() => null);
      if (count !== null && this.rooms.has(streamId)) this.counts.set(streamId, count);
      if (count !== null && client.socket.readyState === client.socket.OPEN) {
        client.socket.send(JSON.stringify({ type: 'viewer_count_update', streamId, count } satisfies ServerMessage));
      }
      return;
    }
    await this.presence.join(streamId, client.userId);
    await this.bus.publish(this.channel(streamId), { kind: 'presence' } satisfies BusEvent);
  }

  async leave(streamId: string, client: Client): Promise<void> {
    if (!client.joined.delete(streamId)) return;
    const room = this.rooms.get(streamId);
    room?.delete(client);
    if (!this.uncounted.get(client)?.delete(streamId)) {
      await this.presence.leave(streamId, client.userId);
      await this.bus.publish(this.channel(streamId), { kind: 'presence' } satisfies BusEvent);
    }
    if (room && room.size === 0) {
      this.rooms.delete(streamId);
      const unsubscribe = this.subscriptions.get(streamId);
      this.subscriptions.delete(streamId);
      clearTimeout(this.countTimers.get(streamId));
      this.countTimers.delete(streamId);
      this.lastCountAt.delete(streamId);
      this.counts.delete(streamId);
      await (await unsubscribe)?.();
    }
  }

  /** On close: every room, and the lists (a socket that closed watches nothing). */
  async leaveAll(client: Client): Promise<void> {
    this.listWatchers.delete(client);
    for (const streamId of [...client.joined]) await this.leave(streamId, client);
  }

  /**
   * Every instance hears every list change, watched or not: `onChange` runs first (the instance's own
   * live-list cache forgets its answer), then the change goes to this instance's watching sockets.
   */
  onListsChange(handler: () => void): void {
    this.listHandlers.push(handler);
    void this.listsChannel();
  }

  private listsChannel(): Promise<unknown> {
    this.listsSubscription ??= this.bus.subscribe(LISTS_CHANNEL, (event) => this.deliverLists(event as BusEvent)).catch(() => {
      // The Bus failed to subscribe (Redis away at start): it re-subscribes by itself when back.
    });
    return this.listsSubscription;
  }

  /** From watch_lists until unwatch_lists or the socket closes, it hears each listing_update. */
  async watchLists(client: Client): Promise<void> {
    this.listWatchers.add(client);
    await this.listsChannel();
  }

  unwatchLists(client: Client): void {
    this.listWatchers.delete(client);
  }

  /** A show went live, ended, was announced or cancelled: every instance's watchers hear it once. */
  async publishListing(message: Extract<ServerMessage, { type: 'listing_update' }>): Promise<void> {
    await this.bus.publish(LISTS_CHANNEL, { kind: 'message', message } satisfies BusEvent);
  }

  listWatcherCount(): number {
    return this.listWatchers.size;
  }

  /** Sends to everyone in the stream's room, on every instance. */
  async broadcast(streamId: string, message: ServerMessage): Promise<void> {
    const event: BusEvent = { kind: 'message', message, ...(message.type === 'new_chat_message' ? { acceptedAt: Date.now() } : {}) };
    if (event.acceptedAt !== undefined) this.publishedAt.set(event, performance.now());
    await this.bus.publish(this.channel(streamId), event);
  }

  /** Issue 30: each chat line's time from broadcast() to written to every local socket of its room. */
  onChatFanout(observe: (seconds: number) => void): void {
    this.chatFanout = observe;
  }

  /** Sockets open on this instance (each belongs to a signed-in user). */
  connectionCount(): number {
    return [...this.users.values()].reduce((n, sockets) => n + sockets.size, 0);
  }

  /** The latest viewer count (across instances) of each room open on this instance. */
  viewerCounts(): ReadonlyMap<string, number> {
    return this.counts;
  }

  /** From connect to close, a signed-in socket receives the messages sent to its user. */
  async watchUser(client: Client): Promise<void> {
    let sockets = this.users.get(client.userId);
    if (!sockets) {
      this.users.set(client.userId, (sockets = new Set()));
      const channel = this.userChannel(client.userId);
      this.userSubscriptions.set(client.userId, this.bus.subscribe(channel, (event) => this.deliverToUser(client.userId, event as BusEvent)));
    }
    sockets.add(client);
    // One account cannot hold thousands of sockets: past the limit its oldest here makes way (sets keep
    // insertion order). It leaves the set now, so a burst of connections counts exactly.
    if (sockets.size > SOCKETS_PER_USER) {
      const oldest = sockets.values().next().value!;
      sockets.delete(oldest);
      oldest.socket.close(SOCKET_LIMIT_CLOSE_CODE, 'Too many open connections');
    }
    await this.userSubscriptions.get(client.userId);
  }

  /**
   * After an outage in which sign-outs may have gone unheard: every open socket's session is asked
   * about again, and those that ended close as if the sign-out had arrived.
   */
  async recheckSessions(stillActive: (sessionIds: string[]) => Promise<Set<string>>): Promise<void> {
    const clients = [...this.users.values()].flatMap((sockets) => [...sockets]);
    if (clients.length === 0) return;
    const active = await stillActive([...new Set(clients.map((c) => c.sessionId))]);
    for (const client of clients) if (!active.has(client.sessionId)) client.socket.close(SESSION_ENDED_CLOSE_CODE, 'Signed out');
  }

  async unwatchUser(client: Client): Promise<void> {
    const sockets = this.users.get(client.userId);
    if (!sockets?.delete(client) || sockets.size > 0) return;
    this.users.delete(client.userId);
    const unsubscribe = this.userSubscriptions.get(client.userId);
    this.userSubscriptions.delete(client.userId);
    await (await unsubscribe)?.();
  }

  /** Sends to every open socket of the user, on every instance. */
  async sendToUser(userId: string, message: ServerMessage): Promise<void> {
    await this.bus.publish(this.userChannel(userId), { kind: 'message', message } satisfies BusEvent);
  }

  /** Closes the sockets opened under this session, on every instance. */
  async endSession(userId: string, sessionId: string): Promise<void> {
    await this.bus.publish(this.userChannel(userId), { kind: 'session_ended', sessionId } satisfies BusEvent);
  }

  private userChannel(userId: string) {
    return `user:${userId}`;
  }

  private deliverToUser(userId: string, event: BusEvent) {
    if (event.kind === 'session_ended') {
      for (const client of this.users.get(userId) ?? []) {
        if (client.sessionId === event.sessionId) client.socket.close(SESSION_ENDED_CLOSE_CODE, 'Signed out');
      }
      return;
    }
    if (event.kind !== 'message') return;
    const data = JSON.stringify(event.message);
    for (const client of this.users.get(userId) ?? []) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(data);
    }
  }

  private deliverLists(event: BusEvent) {
    if (event.kind !== 'message') return;
    for (const handler of this.listHandlers) handler();
    // One string for every socket: at 5,000 watchers the frame is built once, not 5,000 times.
    const data = JSON.stringify(event.message);
    for (const client of this.listWatchers) {
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(data);
    }
  }

  localClients(streamId: string): number {
    return this.rooms.get(streamId)?.size ?? 0;
  }

  /** Whether this user has the stream's room open on this instance. */
  hasLocalUser(streamId: string, userId: string): boolean {
    for (const client of this.rooms.get(streamId) ?? []) if (client.userId === userId) return true;
    return false;
  }

  private deliver(streamId: string, event: BusEvent) {
    if (event.kind === 'presence') return this.scheduleCount(streamId);
    if (event.kind !== 'message') return;
    const local = this.publishedAt.get(event);
    const { acceptedAt } = event;
    // A chat line is timed once its last local socket is written: a big room takes several turns (fanout.ts).
    const timed = local === undefined && acceptedAt === undefined ? undefined : () => this.chatFanout(local !== undefined ? (performance.now() - local) / 1000 : Math.max(0, Date.now() - acceptedAt!) / 1000);
    this.sendLocal(streamId, JSON.stringify(event.message), timed);
  }

  private sendLocal(streamId: string, data: string, done?: () => void) {
    const room = this.rooms.get(streamId);
    if (!room) return done?.();
    // Issue 31: the frame's bytes are encoded once for the room, not once per socket; still a text frame.
    const frame = Buffer.from(data);
    this.fanout.send(streamId, room, (client) => client.socket.readyState === client.socket.OPEN && client.socket.send(frame, TEXT_FRAME), done);
  }

  // Leading edge when quiet, then at most one update per interval with the latest count.
  private scheduleCount(streamId: string) {
    if (this.closed || this.countTimers.has(streamId)) return;
    const wait = Math.max(0, (this.lastCountAt.get(streamId) ?? 0) + VIEWER_COUNT_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      this.countTimers.delete(streamId);
      this.lastCountAt.set(streamId, Date.now());
      this.presence
        .count(streamId)
        .then((count) => {
          this.sendLocal(streamId, JSON.stringify({ type: 'viewer_count_update', streamId, count } satisfies ServerMessage));
          if (this.rooms.has(streamId)) this.counts.set(streamId, count);
          this.onCount(streamId, count);
        })
        .catch(() => {
          // Presence unreachable (Redis down or shutting down): the next change sends a fresh count.
        });
    }, wait);
    timer.unref();
    this.countTimers.set(streamId, timer);
  }

  close() {
    this.closed = true;
    for (const timer of this.countTimers.values()) clearTimeout(timer);
    this.countTimers.clear();
  }
}
