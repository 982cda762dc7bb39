import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { LANGUAGE_COOKIE } from '@live-market/contract';
import { chatMessages } from '../streams/index.js';

// The WebSocket side of moderation: every refusal is answered on the sender's socket (`chat_error`),
// deletions and settings reach the room, and a ban stops messages the moment it is acknowledged.
let t: TestApp;
let url: string;
let owner: TestSeller;
let moderator: TestUser;
let viewer: TestUser;
let watcher: TestUser;
let streamId: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  // A higher per-user rate limit, so a burst of 50 is decided by the ban, not by the flood limit.
  t = await buildTestApp({ CHAT_RATE_LIMIT: '100' });
  url = await wsUrl(t.app);
  owner = await makeSeller(t.app, t.database.db, 'Priya');
  moderator = await makeUser(t.app, 'Meera');
  viewer = await makeUser(t.app, 'Rahul');
  watcher = await makeUser(t.app, 'Watcher');
  streamId = await goLive(t.app, owner);
  await appoint(owner, moderator);
});
// Each test starts from the default settings, whatever the one before it left.
afterEach(async () => {
  await api(owner, 'PATCH', `/api/streams/${streamId}/chat-settings`, { slowModeSeconds: 0, followersOnly: false, linksAllowed: false });
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

function api(user: TestUser, method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, payload?: object) {
  return t.app.inject({ method, url: path, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
}

/** The owner invites and the person accepts (issue 25): from then on they moderate. */
async function appoint(store: TestSeller, who: TestUser) {
  const invited = await api(store, 'POST', `/api/sellers/${store.sellerId}/moderators`, { userId: who.id });
  expect(invited.statusCode).toBe(201);
  expect((await api(who, 'POST', `/api/moderator-invitations/${invited.json().id}/accept`)).statusCode).toBe(200);
}

async function joined(user: TestUser): Promise<TestSocket> {
  const socket = await TestSocket.connect(url, { cookie: user.cookie, origin: t.config.publicOrigin });
  open.push(socket);
  socket.send({ type: 'join_stream', streamId });
  await socket.nextOf('viewer_count_update');
  return socket;
}

async function settings(body: object) {
  const res = await api(owner, 'PATCH', `/api/streams/${streamId}/chat-settings`, body);
  expect(res.statusCode).toBe(200);
}

const chat = (socket: TestSocket, message: string) => socket.send({ type: 'chat_message', streamId, message });

/** The next line with this text, skipping others still queued from earlier. */
async function lineSaying(socket: TestSocket, text: string) {
  for (;;) {
    const m = (await socket.nextOf('new_chat_message')).message as { id: string; message: string };
    if (m.message === text) return m;
  }
}

/** Sends a line from the owner and waits until the watcher has it: everything sent before has arrived too. */
async function marker(ownerSocket: TestSocket, watcherSocket: TestSocket, text = `marker ${Math.random()}`) {
  chat(ownerSocket, text);
  for (;;) {
    const m = await watcherSocket.nextOf('new_chat_message');
    if ((m.message as { message: string }).message === text) return;
  }
}

const linesFrom = (socket: TestSocket, userId: string) =>
  socket.seen.filter((m) => m.type === 'new_chat_message' && (m.message as { userId: string }).userId === userId).map((m) => (m.message as { message: string }).message);

describe('refusals answer the sender', () => {
  let ownerSocket: TestSocket;
  let watcherSocket: TestSocket;
  beforeAll(async () => {
    ownerSocket = await joined(owner);
    watcherSocket = await joined(watcher);
  });

  it('slow mode: one message per N seconds per viewer, with the seconds to wait; owner and moderators are exempt', async () => {
    await settings({ slowModeSeconds: 30 });
    const v = await joined(viewer);
    chat(v, 'first');
    expect(((await v.nextOf('new_chat_message')).message as { message: string }).message).toBe('first');
    chat(v, 'second');
    const refused = await v.nextOf('chat_error');
    expect(refused).toMatchObject({ type: 'chat_error', streamId, code: 'slow_mode', message: expect.stringMatching(/^Slow mode is on\. You can send another message in \d+ seconds\.$/) });
    expect(refused.retryAfterSeconds).toBeGreaterThan(25);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(30);
    const m = await joined(moderator);
    chat(m, 'mod one');
    chat(m, 'mod two');
    chat(ownerSocket, 'owner one');
    chat(ownerSocket, 'owner two');
    // Sockets are handled side by side: wait until the moderator's lines are out before the marker.
    await lineSaying(m, 'mod two');
    await marker(ownerSocket, watcherSocket);
    expect(linesFrom(watcherSocket, viewer.id)).toEqual(['first']);
    expect(linesFrom(watcherSocket, moderator.id)).toEqual(['mod one', 'mod two']);
    await settings({ slowModeSeconds: 0 });
    v.close();
    m.close();
  });

  it('slow mode is answered in the sender’s language', async () => {
    await settings({ slowModeSeconds: 10 });
    const hindi = await makeUser(t.app, 'Hindi');
    const socket = await TestSocket.connect(url, { cookie: `${hindi.cookie}; ${LANGUAGE_COOKIE}=hi`, origin: t.config.publicOrigin });
    open.push(socket);
    socket.send({ type: 'join_stream', streamId });
    await socket.nextOf('viewer_count_update');
    chat(socket, 'ek');
    chat(socket, 'do');
    const refused = await socket.nextOf('chat_error');
    expect(refused.code).toBe('slow_mode');
    expect(refused.message).toMatch(/स्लो मोड चालू है/);
    await settings({ slowModeSeconds: 0 });
  });

  it('followers-only: a viewer who does not follow is told to follow; after following they chat', async () => {
    await settings({ followersOnly: true });
    const v = await joined(viewer);
    chat(v, 'may I?');
    expect(await v.nextOf('chat_error')).toMatchObject({ code: 'followers_only', message: 'Only followers can chat in this show. Follow the store to join in.' });
    expect((await api(viewer, 'POST', `/api/sellers/${owner.sellerId}/follow`)).statusCode).toBe(200);
    chat(v, 'now I follow');
    expect(((await v.nextOf('new_chat_message')).message as { message: string }).message).toBe('now I follow');
    await api(viewer, 'DELETE', `/api/sellers/${owner.sellerId}/follow`);
    await settings({ followersOnly: false });
    v.close();
  });

  it('links and phone numbers: blocked for viewers unless allowed, never for the owner and moderators', async () => {
    const v = await joined(viewer);
    for (const text of ['call 98765 43210 for a discount', 'cheaper at www.example.com']) {
      chat(v, text);
      expect(await v.nextOf('chat_error')).toMatchObject({ code: 'link_blocked', message: 'Links and phone numbers are not allowed in this chat' });
    }
    // A moderator of another store is a viewer here.
    const elsewhere = await makeSeller(t.app, t.database.db, 'Kavya');
    const theirs = await makeUser(t.app, 'Arjun');
    await appoint(elsewhere, theirs);
    const o = await joined(theirs);
    chat(o, 'better price at www.example.com');
    expect(await o.nextOf('chat_error')).toMatchObject({ code: 'link_blocked' });
    o.close();
    const m = await joined(moderator);
    chat(m, 'size chart: https://example.com/sizes');
    await lineSaying(m, 'size chart: https://example.com/sizes');
    await settings({ linksAllowed: true });
    chat(v, 'my number 98765 43210');
    await lineSaying(v, 'my number 98765 43210');
    await marker(ownerSocket, watcherSocket);
    expect(linesFrom(watcherSocket, viewer.id)).toContain('my number 98765 43210');
    expect(linesFrom(watcherSocket, viewer.id)).not.toContain('call 98765 43210 for a discount');
    expect(linesFrom(watcherSocket, moderator.id)).toContain('size chart: https://example.com/sizes');
    await settings({ linksAllowed: false });
    v.close();
    m.close();
  });

  it('keyword filter: a matching message looks sent to its sender and reaches nobody else', async () => {
    expect((await api(owner, 'PUT', '/api/seller/chat-keywords', { words: ['first copy'] })).statusCode).toBe(200);
    const v = await joined(viewer);
    for (const text of ['you are a chutiya', 'FIRST   COPY available cheaper', 'ch\u200Butiyaaaa']) {
      chat(v, text);
      expect(((await v.nextOf('new_chat_message')).message as { message: string }).message).toBe(text);
      expect(await v.nextOf('chat_error')).toMatchObject({ code: 'held', message: 'Your message is waiting for review' });
    }
    await marker(ownerSocket, watcherSocket);
    expect(linesFrom(watcherSocket, viewer.id).filter((l) => /chutiya|copy|utiya/i.test(l))).toEqual([]);
    const history = (await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/messages`, headers: { cookie: watcher.cookie } })).json() as Array<{ message: string }>;
    expect(history.map((h) => h.message)).not.toContain('you are a chutiya');
    const stored = await t.database.db.select().from(chatMessages).where(and(eq(chatMessages.userId, viewer.id), eq(chatMessages.held, true)));
    expect(stored.map((r) => r.message)).toEqual(expect.arrayContaining(['you are a chutiya', 'FIRST   COPY available cheaper']));
    v.close();
  });

  it('a deleted message and new settings reach everyone in the room', async () => {
    const v = await joined(viewer);
    chat(v, 'delete me please');
    const line = await lineSaying(watcherSocket, 'delete me please');
    const started = Date.now();
    expect((await api(moderator, 'DELETE', `/api/messages/${line.id}`)).statusCode).toBe(200);
    expect(await watcherSocket.nextOf('chat_message_deleted', 1000)).toEqual({ type: 'chat_message_deleted', streamId, messageId: line.id });
    expect(await v.nextOf('chat_message_deleted', 1000)).toMatchObject({ messageId: line.id });
    expect(Date.now() - started).toBeLessThan(1000);
    await settings({ slowModeSeconds: 5 });
    // Earlier tests' setting changes may still be queued on this socket: the latest one counts.
    let update = await watcherSocket.nextOf('chat_settings_update');
    while ((update.chatSettings as { slowModeSeconds: number }).slowModeSeconds !== 5) update = await watcherSocket.nextOf('chat_settings_update');
    expect(update).toEqual({
      type: 'chat_settings_update',
      streamId,
      chatSettings: { slowModeSeconds: 5, followersOnly: false, linksAllowed: false },
    });
    await settings({ slowModeSeconds: 0 });
    v.close();
  });

  it('timeout then ban: muted with the seconds left, then banned; the person still watches', async () => {
    const troll = await makeUser(t.app, 'Troll');
    const s = await joined(troll);
    expect((await api(moderator, 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: troll.id, minutes: 5 })).statusCode).toBe(201);
    chat(s, 'hello?');
    const muted = await s.nextOf('chat_error');
    expect(muted).toMatchObject({ code: 'muted' });
    expect(muted.retryAfterSeconds).toBeGreaterThan(290);
    expect(muted.retryAfterSeconds).toBeLessThanOrEqual(300);
    expect((await api(owner, 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: troll.id })).statusCode).toBe(201);
    chat(s, 'hello??');
    expect(await s.nextOf('chat_error')).toMatchObject({ code: 'banned', message: "You are banned from this store's chat" });
    chat(ownerSocket, 'still watching?');
    expect(((await s.nextOf('new_chat_message')).message as { message: string }).message).toBe('still watching?');
    // The owner's ban: only the owner lifts it (issue 25).
    expect((await api(moderator, 'DELETE', `/api/sellers/${owner.sellerId}/bans/${troll.id}`)).statusCode).toBe(403);
    expect((await api(owner, 'DELETE', `/api/sellers/${owner.sellerId}/bans/${troll.id}`)).statusCode).toBe(200);
    chat(s, 'thank you');
    expect(((await s.nextOf('new_chat_message')).message as { message: string }).message).toBe('thank you');
  });
});

describe('a ban racing a burst', () => {
  it('lets no message out after the ban is acknowledged', async () => {
    const ownerSocket = await joined(owner);
    const watcherSocket = await joined(watcher);
    const spammer = await makeUser(t.app, 'Spammer');
    // The same person on five sockets (five phones, or five tabs): their messages are handled side by side.
    const phones = await Promise.all(Array.from({ length: 5 }, () => joined(spammer)));
    // 50 messages in waves of five, 10 ms apart, so the ban lands in the middle of the burst.
    const burst = (async () => {
      for (let wave = 0; wave < 10; wave++) {
        phones.forEach((p, i) => chat(p, `spam ${wave * 5 + i}`));
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await watcherSocket.nextOf('new_chat_message');
    const ban = await api(owner, 'POST', `/api/sellers/${owner.sellerId}/bans`, { userId: spammer.id });
    expect(ban.statusCode).toBe(201);
    await marker(ownerSocket, watcherSocket, 'after the ban');
    // Every spam line the room got came before the owner's first line after the ban.
    const order = watcherSocket.seen.filter((m) => m.type === 'new_chat_message').map((m) => (m.message as { message: string }).message);
    const after = order.slice(order.indexOf('after the ban'));
    expect(after.filter((l) => l.startsWith('spam'))).toEqual([]);
    // Every line saved was broadcast: none was saved and then stopped, none went out unsaved.
    const broadcast = linesFrom(watcherSocket, spammer.id);
    const saved = await t.database.db.select().from(chatMessages).where(eq(chatMessages.userId, spammer.id));
    expect(saved.map((r) => r.message).sort()).toEqual([...broadcast].sort());
    await burst;
    // The rest were refused, each one answered on the socket that sent it.
    const refusalsOf = () => phones.flatMap((p) => p.seen.filter((m) => m.type === 'chat_error'));
    for (let i = 0; i < 100 && broadcast.length + refusalsOf().length < 50; i++) await new Promise((r) => setTimeout(r, 50));
    const refusals = refusalsOf();
    expect(refusals.every((m) => m.code === 'banned')).toBe(true);
    expect(broadcast.length + refusals.length).toBe(50);
    expect(broadcast.length).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThan(0);
  });
});
