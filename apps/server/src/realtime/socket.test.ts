import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../testing/test-app.js';
import { goLive, makeProduct, makeSeller, makeUser, nextPhone, type TestSeller, type TestUser } from '../testing/fixtures.js';
import { TestSocket, wsUrl } from '../testing/ws-client.js';
import { SESSION_ENDED_CLOSE_CODE, SOCKET_LIMIT_CLOSE_CODE, SOCKETS_PER_USER } from '@live-market/contract';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import type { WebSocket } from 'ws';
import { chatMessages, streams, sweepAbandonedStreams } from '../modules/streams/index.js';
import { websocketErrorHandler } from './socket.js';
import { session } from '../modules/auth/index.js';

let t: TestApp;
let url: string;
let seller: TestSeller;
let shopper: TestUser;
let other: TestUser;
const open: TestSocket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  url = await wsUrl(t.app);
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
  other = await makeUser(t.app, 'Dev');
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function connect(user: Pick<TestUser, 'cookie'>): Promise<TestSocket> {
  const socket = await TestSocket.connect(url, { cookie: user.cookie, origin: t.config.publicOrigin });
  open.push(socket);
  return socket;
}

async function joined(user: TestUser, streamId: string): Promise<TestSocket> {
  const socket = await connect(user);
  socket.send({ type: 'join_stream', streamId, userId: user.id });
  await socket.nextOf('viewer_count_update');
  return socket;
}

describe('connecting', () => {
  it('refuses a foreign origin with 403 and a visitor without a session with 401', async () => {
    await expect(TestSocket.connect(url, { cookie: shopper.cookie, origin: 'https://evil.example' })).rejects.toThrow('403');
    await expect(TestSocket.connect(url, { origin: t.config.publicOrigin })).rejects.toThrow('401');
  });

  it('answers bad frames with an error message and stays open', async () => {
    const s = await connect(shopper);
    s.send('not json');
    expect(await s.next()).toEqual({ type: 'error', message: 'Messages must be JSON' });
    s.send({ type: 'dance' });
    expect((await s.next()).type).toBe('error');
    s.send({ type: 'join_stream', streamId: '00000000-0000-4000-8000-000000000000' });
    expect(await s.next()).toEqual({ type: 'error', message: 'Stream not found' });
  });
});

describe('one account', () => {
  it(`holds at most ${SOCKETS_PER_USER} sockets on an instance: the oldest makes way for a new one`, async () => {
    const hoarder = await makeUser(t.app, 'Hoarder');
    const sockets: TestSocket[] = [];
    for (let i = 0; i < SOCKETS_PER_USER; i += 1) sockets.push(await connect(hoarder));
    const oldest = sockets[0]!.closed();
    // A burst past the limit: each newcomer closes the oldest still open, never more.
    const burst = await Promise.all([connect(hoarder), connect(hoarder), connect(hoarder)]);
    expect(await oldest).toBe(SOCKET_LIMIT_CLOSE_CODE);
    await Promise.all(sockets.slice(1, 3).map(async (s) => expect(await s.closed()).toBe(SOCKET_LIMIT_CLOSE_CODE)));
    const still = [...sockets.slice(3), ...burst];
    expect(still.every((s) => s.isOpen)).toBe(true);
    expect(still).toHaveLength(SOCKETS_PER_USER);
    // The newest works; another person's sockets are not counted against this one.
    const newest = burst[2]!;
    newest.send({ type: 'join_stream', streamId: '00000000-0000-4000-8000-000000000000' });
    expect(await newest.next()).toEqual({ type: 'error', message: 'Stream not found' });
    expect((await connect(other)).isOpen).toBe(true);
  });
});

describe('a frame too large', () => {
  it('closes only that socket (1009); the next connects and is answered', async () => {
    const flooder = await connect(shopper);
    const closing = flooder.closed();
    flooder.send('x'.repeat(1024 * 1024));
    expect(await closing).toBe(1009);
    const next = await connect(shopper);
    next.send('not json');
    expect(await next.next()).toEqual({ type: 'error', message: 'Messages must be JSON' });
  });

  it('is logged briefly, once a minute with a count, not once per socket with a stack trace', () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({ write: (chunk, _enc, done) => done(void lines.push(JSON.parse(String(chunk)))) });
    const { log } = Fastify({ logger: { level: 'info', stream } });
    const handle = websocketErrorHandler();
    let terminated = 0;
    const socket = { terminate: () => void (terminated += 1) } as unknown as WebSocket;
    const tooLarge = () => Object.assign(new RangeError('Max payload size exceeded'), { code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    for (let i = 0; i < 100; i++) handle(tooLarge(), socket, { log });
    handle(new Error('a bug of ours'), socket, { log });
    expect(terminated).toBe(101);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'websocket: closed sockets that sent bad frames'],
      [50, 'websocket failed'],
    ]);
    expect(JSON.stringify(lines[0])).not.toContain('stack');
  });
});

describe('signing out', () => {
  it("closes the sockets opened under the session that ended, and only those", async () => {
    const phone = nextPhone();
    const user = { cookie: await signIn(t.app, phone, 'Meera') };
    // The same person signed in on a second phone: a session of its own.
    const otherDevice = { cookie: await signIn(t.app, phone) };
    const doomed = await connect(user);
    const kept = await connect(otherDevice);
    const closing = doomed.closed();
    const out = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: user.cookie, 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' },
    });
    expect(out.statusCode).toBe(302);
    expect(await closing).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(kept.isOpen).toBe(true);
    await expect(connect(user)).rejects.toThrow('401');
    kept.close();
  });
});

describe('a session with an open socket', () => {
  // The session row is deleted behind the server's back: only a session lookup would notice, so the
  // answers show when the instance trusts the session without one (decision 028).
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }).then((r) => r.statusCode);

  it('stays trusted past the 30 s session cache while the socket is open, and not after it closes', async () => {
    const user = { cookie: await signIn(t.app, nextPhone(), 'Kavya') };
    const socket = await connect(user);
    const { id } = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } })).json() as { id: string };
    await t.database.db.delete(session).where(eq(session.userId, id));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      expect(await me(user.cookie)).toBe(200);
      const closing = socket.closed();
      socket.close();
      await closing;
      // The server sees the close a moment after the client does.
      await vi.waitFor(async () => expect(await me(user.cookie)).toBe(401), { timeout: 3000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not trusted once it signs out, though another socket of the same person stays open', async () => {
    const phone = nextPhone();
    const user = { cookie: await signIn(t.app, phone, 'Arjun') };
    const otherDevice = { cookie: await signIn(t.app, phone) };
    const doomed = await connect(user);
    const kept = await connect(otherDevice);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      const closing = doomed.closed();
      const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie, origin: t.config.publicOrigin } });
      expect(out.statusCode).toBeLessThan(400);
      expect(await closing).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(await me(user.cookie)).toBe(401);
      expect(await me(otherDevice.cookie)).toBe(200);
      expect(kept.isOpen).toBe(true);
    } finally {
      vi.useRealTimers();
      kept.close();
    }
  });
});

describe('a stream room', () => {
  let streamId: string;
  beforeAll(async () => {
    streamId = await goLive(t.app, seller);
  });

  it('counts distinct users: two tabs of one person count once', async () => {
    const a1 = await joined(shopper, streamId);
    const a2 = await connect(shopper);
    a2.send({ type: 'join_stream', streamId });
    expect(await a2.nextOf('viewer_count_update', 3000)).toMatchObject({ count: 1 });
    const b = await connect(other);
    b.send({ type: 'join_stream', streamId });
    expect(await b.nextOf('viewer_count_update', 3000)).toMatchObject({ count: 2 });
    a2.close();
    b.close();
    // Counts go out at most once a second, with the latest number.
    const started = Date.now();
    let latest = await a1.nextOf('viewer_count_update', 3000);
    while (latest.count !== 1) latest = await a1.nextOf('viewer_count_update', 3000);
    expect(Date.now() - started).toBeLessThan(2500);
    a1.close();
  });

  it('does not count the seller as a viewer of their own show', async () => {
    const owner = await joined(seller, streamId);
    const viewer = await connect(shopper);
    viewer.send({ type: 'join_stream', streamId });
    expect(await viewer.nextOf('viewer_count_update', 3000)).toMatchObject({ count: 1 });
    expect(await owner.nextOf('viewer_count_update', 3000)).toMatchObject({ count: 1 });
    viewer.close();
    let latest = await owner.nextOf('viewer_count_update', 3000);
    while (latest.count !== 0) latest = await owner.nextOf('viewer_count_update', 3000);
    owner.close();
  });

  it('saves chat, then broadcasts it with the session user, ignoring a spoofed userId', async () => {
    const viewer = await joined(shopper, streamId);
    const owner = await joined(seller, streamId);
    viewer.send({ type: 'chat_message', streamId, userId: other.id, message: '  Kya COD milega?  ' });
    const got = await owner.nextOf('new_chat_message');
    expect(got.message).toMatchObject({ streamId, userId: shopper.id, displayName: 'Rahul', message: 'Kya COD milega?' });
    const saved = await t.database.db.select().from(chatMessages).where(eq(chatMessages.streamId, streamId));
    expect(saved.map((m) => [m.userId, m.message])).toContainEqual([shopper.id, 'Kya COD milega?']);
    viewer.close();
    owner.close();
  });

  it('refuses empty and over-long messages, chat before joining, and more than 5 messages in 10 s', async () => {
    const fresh = await makeUser(t.app, 'Zoya');
    const s = await connect(fresh);
    s.send({ type: 'chat_message', streamId, message: 'hello' });
    expect(await s.nextOf('error')).toEqual({ type: 'error', message: 'Join the stream before chatting' });
    s.send({ type: 'join_stream', streamId });
    s.send({ type: 'chat_message', streamId, message: '   ' });
    expect(await s.nextOf('error')).toEqual({ type: 'error', message: 'Message is empty' });
    s.send({ type: 'chat_message', streamId, message: 'x'.repeat(501) });
    expect((await s.nextOf('error')).message).toBe('Messages are at most 500 characters');
    for (let i = 1; i <= 6; i++) s.send({ type: 'chat_message', streamId, message: `msg ${i}` });
    const seen: string[] = [];
    for (;;) {
      const m = await s.next();
      if (m.type === 'new_chat_message') seen.push((m.message as { message: string }).message);
      if (m.type === 'error') {
        expect(m.message).toMatch(/^Slow down: at most 5 messages every 10 seconds$/);
        break;
      }
    }
    expect(seen).toHaveLength(5);
    s.close();
  });

  it('refuses a chat message with a NUL or other control character, and stays open', async () => {
    const s = await joined(shopper, streamId);
    for (const message of ['bad\u0000byte', 'bell\u0007', 'two\nlines']) {
      s.send({ type: 'chat_message', streamId, message });
      expect(await s.nextOf('error'), JSON.stringify(message)).toEqual({ type: 'error', message: 'Remove the hidden control characters from this text' });
    }
    const saved = await t.database.db.select().from(chatMessages).where(eq(chatMessages.streamId, streamId));
    expect(saved.some((m) => /\p{Cc}/u.test(m.message))).toBe(false);
    s.close();
  });

  it('lets only the owner feature a product; late joiners see it in the stream', async () => {
    const product = await makeProduct(t.database.db, seller.sellerId, { name: 'Polki choker' });
    const foreign = await makeSeller(t.app, t.database.db, 'Other');
    const notMine = await makeProduct(t.database.db, foreign.sellerId);
    const viewer = await joined(shopper, streamId);
    const owner = await joined(seller, streamId);

    viewer.send({ type: 'product_featured', streamId, product: { id: product.id } });
    expect((await viewer.nextOf('error')).message).toBe('Only the stream owner can feature products');
    owner.send({ type: 'product_featured', streamId, product: { id: notMine.id } });
    expect((await owner.nextOf('error')).message).toBe('That product is not in this store');

    owner.send({ type: 'product_featured', streamId, product: { id: product.id, price: '1.00' } });
    const featured = await viewer.nextOf('product_featured');
    // The server loads the product: a price sent by the client is never trusted.
    expect(featured.product).toMatchObject({ id: product.id, name: 'Polki choker', price: '2499.00' });
    const detail = (await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}`, headers: { cookie: other.cookie } })).json();
    expect(detail.featuredProduct).toMatchObject({ id: product.id });
    viewer.close();
    owner.close();
  });

  it("refuses stream_ended from anyone but the owner; the owner's ends it for everyone", async () => {
    const viewer = await joined(shopper, streamId);
    const owner = await joined(seller, streamId);
    viewer.send({ type: 'stream_ended', streamId });
    expect((await viewer.nextOf('error')).message).toBe('Only the seller who started this stream can end it.');
    const [still] = await t.database.db.select().from(streams).where(eq(streams.id, streamId));
    expect(still?.isLive).toBe(true);

    owner.send({ type: 'stream_ended', streamId });
    expect(await viewer.nextOf('stream_ended')).toMatchObject({ type: 'stream_ended' });
    const [ended] = await t.database.db.select().from(streams).where(eq(streams.id, streamId));
    expect(ended?.isLive).toBe(false);
    viewer.send({ type: 'chat_message', streamId, message: 'still there?' });
    expect((await viewer.nextOf('error')).message).toBe('This stream has ended');
  });

  it('tells the room when the owner ends the stream over HTTP', async () => {
    const id = await goLive(t.app, seller, 'Second show');
    const viewer = await joined(shopper, id);
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${id}`, headers: { cookie: seller.cookie }, payload: { isLive: false } });
    expect(await viewer.nextOf('stream_ended')).toMatchObject({ type: 'stream_ended', streamId: id });
  });
});

describe('an attended show', () => {
  it("stays live while its seller's page is in the room, ends two minutes after it left, and never counts the seller as a viewer", async () => {
    // No media server here (as with MEDIA_MODE=external): the seller's own page is what keeps the show on.
    const meera = await makeSeller(t.app, t.database.db, 'Meera');
    const id = await goLive(t.app, meera);
    const ownerPage = await joined(meera, id);
    await joined(other, id);
    const later = Date.now() + 3 * 60_000;
    expect(await sweepAbandonedStreams(t.streams, [], later)).not.toContain(id);

    ownerPage.close();
    await expect.poll(() => t.streams.attendedByOwner()).not.toContain(id);
    expect(await sweepAbandonedStreams(t.streams, [], later + 60_000)).not.toContain(id); // gone one minute
    expect(await sweepAbandonedStreams(t.streams, [], later + 2 * 60_000 + 1000)).toContain(id);
    const [row] = await t.database.db.select().from(streams).where(eq(streams.id, id));
    expect(row).toMatchObject({ isLive: false, viewerCount: 1 });
  });
});
