import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { user } from '../auth/index.js';
import { storeBans } from '../moderation/tables.js';
import { chatMessages, streams } from './index.js';

// Decision 056: an instance holds the sender's standing in memory, but the save is the judge. Each
// change here is written straight to the database, behind the instance's back (no bus message), as a
// change on another instance whose bus message has not arrived yet: the very next line is refused.
let t: TestApp;
let url: string;
let owner: TestSeller;
let streamId: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ CHAT_RATE_LIMIT: '100' });
  url = await wsUrl(t.app);
  owner = await makeSeller(t.app, t.database.db, 'Priya');
  streamId = await goLive(t.app, owner);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

async function joined(who: TestUser): Promise<TestSocket> {
  const socket = await TestSocket.connect(url, { cookie: who.cookie, origin: t.config.publicOrigin });
  open.push(socket);
  socket.send({ type: 'join_stream', streamId });
  await socket.nextOf('viewer_count_update');
  return socket;
}

/** The line's fate as its sender hears it: its own copy back, a chat refusal's code, or an error's text. */
async function say(socket: TestSocket, message: string): Promise<string> {
  socket.send({ type: 'chat_message', streamId, message });
  for (;;) {
    const m = await socket.next(5000);
    if (m.type === 'chat_error') return `refused:${String(m.code)}`;
    if (m.type === 'error') return `error:${String(m.message)}`;
    if (m.type === 'new_chat_message' && (m.message as { message: string }).message === message) return 'sent';
  }
}

const savedCount = async (userId: string) => (await t.database.db.select().from(chatMessages).where(eq(chatMessages.userId, userId))).length;

describe('the save judges what the held copies do not know yet', () => {
  it('a ban or a timeout written a moment before refuses the next line, and nothing is saved', async () => {
    for (const [name, until, code] of [['Rahul', null, 'banned'], ['Sunil', new Date(Date.now() + 60_000), 'muted']] as const) {
      const viewer = await makeUser(t.app, name);
      const socket = await joined(viewer);
      expect(await say(socket, 'hello, I am in good standing')).toBe('sent');
      await t.database.db.insert(storeBans).values({ sellerId: owner.sellerId, userId: viewer.id, until, createdBy: owner.id });
      expect(await say(socket, 'banned a moment ago')).toBe(`refused:${code}`);
      expect(await savedCount(viewer.id)).toBe(1);
    }
  });

  it('a suspension refuses the next line', async () => {
    const viewer = await makeUser(t.app, 'Meera');
    const socket = await joined(viewer);
    expect(await say(socket, 'before the suspension')).toBe('sent');
    await t.database.db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, viewer.id));
    expect(await say(socket, 'after the suspension')).toBe('error:This account is suspended');
    expect(await savedCount(viewer.id)).toBe(1);
  });

  it('in followers-only chat an unfollow refuses the next line (a follow is not on the bus)', async () => {
    const viewer = await makeUser(t.app, 'Anil');
    const socket = await joined(viewer);
    expect((await t.app.inject({ method: 'POST', url: `/api/sellers/${owner.sellerId}/follow`, headers: { cookie: viewer.cookie } })).statusCode).toBe(200);
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}/chat-settings`, headers: { cookie: owner.cookie }, payload: { followersOnly: true } });
    expect(patched.statusCode).toBe(200);
    expect(await say(socket, 'a follower says hi')).toBe('sent');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/sellers/${owner.sellerId}/follow`, headers: { cookie: viewer.cookie } })).statusCode).toBe(200);
    expect(await say(socket, 'no longer a follower')).toBe('refused:followers_only');
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}/chat-settings`, headers: { cookie: owner.cookie }, payload: { followersOnly: false } });
  });

  it('followers-only turned on behind the copy’s back refuses a viewer who does not follow, and says why', async () => {
    const viewer = await makeUser(t.app, 'Divya');
    const socket = await joined(viewer);
    expect(await say(socket, 'before followers-only')).toBe('sent');
    await t.database.db.update(streams).set({ followersOnly: true }).where(eq(streams.id, streamId));
    expect(await say(socket, 'after followers-only')).toBe('refused:followers_only');
    expect(await savedCount(viewer.id)).toBe(1);
    // Through the API, so the copy (read afresh by the refusal) hears it.
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}/chat-settings`, headers: { cookie: owner.cookie }, payload: { followersOnly: false } });
  });

  it('a show ended behind the copy’s back takes no more lines', async () => {
    const viewer = await makeUser(t.app, 'Kiran');
    const socket = await joined(viewer);
    expect(await say(socket, 'still live?')).toBe('sent');
    await t.database.db.update(streams).set({ isLive: false, endedAt: new Date() }).where(eq(streams.id, streamId));
    expect(await say(socket, 'after the end')).toBe('error:This stream has ended');
    expect(await savedCount(viewer.id)).toBe(1);
  });
});
