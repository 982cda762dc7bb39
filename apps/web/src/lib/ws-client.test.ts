import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@live-market/contract/realtime';
import { SESSION_ENDED_CLOSE_CODE, SOCKET_LIMIT_CLOSE_CODE } from '@live-market/contract/constants';
import { backoffDelay } from './backoff';
import { WsClient, type SocketLike } from './ws-client';

// A stand-in for the browser's WebSocket: records what the client sends and lets the test open,
// message and close it. This tests our client's logic, not a server.
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  serverDrops(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

const STREAM_A = '00000000-0000-4000-8000-00000000000a';
const STREAM_B = '00000000-0000-4000-8000-00000000000b';
const USER = '00000000-0000-4000-8000-000000000001';

let sockets: FakeSocket[];
const latest = () => {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
};

function makeClient(random = () => 0.5, onSessionEnded = () => {}) {
  return new WsClient({
    onSessionEnded,
    url: () => 'ws://test/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random,
    minDelayMs: 500,
    maxDelayMs: 10_000,
  });
}

beforeEach(() => {
  sockets = [];
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('backoffDelay', () => {
  it('doubles from 0.5 s up to 10 s, with jitter between half and all of it', () => {
    const opts = { minMs: 500, maxMs: 10_000 };
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, { ...opts, random: () => 1 }))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(backoffDelay(0, { ...opts, random: () => 0 })).toBe(250);
    expect(backoffDelay(10, { ...opts, random: () => 0 })).toBe(5000);
  });
});

describe('WsClient', () => {
  it('opens no socket until a room is joined', () => {
    makeClient();
    expect(sockets).toHaveLength(0);
  });

  it('joins the room once the socket opens and shares one socket between rooms', () => {
    const client = makeClient();
    client.joinStream(STREAM_A, USER);
    client.joinStream(STREAM_B, USER);
    expect(sockets).toHaveLength(1);
    latest().serverOpens();
    expect(latest().sent).toEqual([
      { type: 'join_stream', streamId: STREAM_A, userId: USER },
      { type: 'join_stream', streamId: STREAM_B, userId: USER },
    ]);
    expect(client.getStatus()).toBe('open');
  });

  it('reconnects with growing delays and re-joins its rooms after each reconnect', () => {
    const client = makeClient();
    client.joinStream(STREAM_A, USER);
    latest().serverOpens();
    latest().serverDrops();
    expect(client.getStatus()).toBe('reconnecting');

    // random 0.5 → 75% of the ceiling: 375 ms, then 750 ms, then 1500 ms.
    vi.advanceTimersByTime(374);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    latest().serverDrops();
    vi.advanceTimersByTime(749);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    latest().serverDrops();
    vi.advanceTimersByTime(1500);
    expect(sockets).toHaveLength(4);

    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'join_stream', streamId: STREAM_A, userId: USER }]);
    expect(client.getStatus()).toBe('open');

    // A successful open resets the backoff.
    latest().serverDrops();
    vi.advanceTimersByTime(375);
    expect(sockets).toHaveLength(5);
  });

  it('does not reconnect under a session that ended, and tells the page', () => {
    const ended = vi.fn();
    const client = makeClient(() => 0.5, ended);
    client.joinStream(STREAM_A, USER);
    latest().serverOpens();
    latest().serverDrops(SESSION_ENDED_CLOSE_CODE);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(client.getStatus()).toBe('idle');
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(1);
  });

  it('stays closed when newer tabs took its place, and comes back (re-joining its room) on resume', () => {
    const client = makeClient(() => 0.5);
    client.joinStream(STREAM_A, USER);
    latest().serverOpens();
    latest().serverDrops(SOCKET_LIMIT_CLOSE_CODE);
    expect(client.getStatus()).toBe('idle');
    vi.advanceTimersByTime(20_000);
    expect(sockets).toHaveLength(1);
    client.resume();
    expect(sockets).toHaveLength(2);
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'join_stream', streamId: STREAM_A, userId: USER }]);
  });

  it('never waits longer than the maximum delay', () => {
    const client = makeClient(() => 0.999);
    client.joinStream(STREAM_A, USER);
    for (let i = 0; i < 12; i++) {
      const count = sockets.length;
      latest().serverDrops();
      vi.advanceTimersByTime(10_000);
      expect(sockets).toHaveLength(count + 1);
    }
  });

  it('does not re-join a room the page has left', () => {
    const client = makeClient();
    const leaveA = client.joinStream(STREAM_A, USER);
    client.joinStream(STREAM_B, USER);
    latest().serverOpens();
    leaveA();
    vi.advanceTimersByTime(100);
    expect(latest().sent.at(-1)).toEqual({ type: 'leave_stream', streamId: STREAM_A });
    latest().serverDrops();
    vi.advanceTimersByTime(10_000);
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'join_stream', streamId: STREAM_B, userId: USER }]);
  });

  it('keeps a room that is left and joined again at once (StrictMode) without leave/join churn', () => {
    const client = makeClient();
    const leave = client.joinStream(STREAM_A, USER);
    latest().serverOpens();
    leave();
    client.joinStream(STREAM_A, USER);
    vi.advanceTimersByTime(1000);
    expect(latest().sent).toEqual([{ type: 'join_stream', streamId: STREAM_A, userId: USER }]);
  });

  it('stops reconnecting and closes the socket once no room is wanted', () => {
    const client = makeClient();
    const leave = client.joinStream(STREAM_A, USER);
    latest().serverOpens();
    leave();
    vi.advanceTimersByTime(100 + 5000);
    expect(latest().closed).toBe(true);
    expect(client.getStatus()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('keeps the socket open and reconnecting while retained without a room, and closes after the last release', () => {
    const client = makeClient();
    const release = client.retain();
    latest().serverOpens();
    const leave = client.joinStream(STREAM_A, USER);
    leave();
    vi.advanceTimersByTime(100 + 5000);
    expect(latest().closed).toBe(false);
    latest().serverDrops();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    latest().serverOpens();
    expect(latest().sent).toEqual([]);
    release();
    release();
    vi.advanceTimersByTime(5000);
    expect(latest().closed).toBe(true);
    expect(client.getStatus()).toBe('idle');
  });

  it('passes server messages to subscribers and drops what is not a message with a warning', () => {
    const client = makeClient();
    const received: ServerMessage[] = [];
    client.subscribe((message) => received.push(message));
    client.joinStream(STREAM_A, USER);
    latest().serverOpens();
    latest().serverSends({ type: 'viewer_count_update', count: 12 });
    latest().serverSends({ count: 3 });
    latest().serverSends(null);
    latest().serverSends('not json');
    latest().serverSends({ type: 'stream_ended' });
    expect(received).toEqual([{ type: 'viewer_count_update', count: 12 }, { type: 'stream_ended' }]);
    expect(console.warn).toHaveBeenCalledTimes(3);
  });

  it('sends only while open, and reports whether it did', () => {
    const client = makeClient();
    client.joinStream(STREAM_A, USER);
    const chat = { type: 'chat_message', streamId: STREAM_A, userId: USER, message: 'Namaste' } as const;
    expect(client.send(chat)).toBe(false);
    latest().serverOpens();
    expect(client.send(chat)).toBe(true);
    expect(latest().sent.at(-1)).toEqual(chat);
  });

  it("rejoins the rooms before announcing 'open', so what is sent on that news follows the join", () => {
    const client = makeClient();
    client.joinStream(STREAM_A, USER);
    const chat = { type: 'chat_message', streamId: STREAM_A, userId: USER, message: 'Namaste' } as const;
    client.onStatusChange((status) => {
      if (status === 'open') client.send(chat);
    });
    latest().serverOpens();
    expect(latest().sent).toEqual([{ type: 'join_stream', streamId: STREAM_A, userId: USER }, chat]);
  });
});
