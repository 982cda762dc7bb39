import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { chatMessages } from './index.js';

// Issue 25: a phone on a weak network sends a chat line again after a reconnect when it never heard
// back. The line is saved and shown once; the answers name the line (clientId) so its sender's
// "Sending…" line can become the real one, or say it was not sent.
let t: TestApp;
let url: string;
let owner: TestSeller;
let viewer: TestUser;
let streamId: string;
const open: TestSocket[] = [];

beforeAll(async () => {
  // Room for every line these tests send: a refusal here is the one a test asks for, not the flood limit.
  t = await buildTestApp({ CHAT_RATE_LIMIT: '100' });
  url = await wsUrl(t.app);
  owner = await makeSeller(t.app, t.database.db, 'Priya');
  viewer = await makeUser(t.app, 'Rahul');
  streamId = await goLive(t.app, owner);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t?.close();
});

async function joined(user: TestUser): Promise<TestSocket> {
  const socket = await TestSocket.connect(url, { cookie: user.cookie, origin: t.config.publicOrigin });
  open.push(socket);
  socket.send({ type: 'join_stream', streamId });
  await socket.nextOf('viewer_count_update');
  return socket;
}

const saved = (text: string) =>
  t.database.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.streamId, streamId), eq(chatMessages.message, text)));

describe('a chat line sent again', () => {
  it('is saved once: the resend on a new connection gets the saved line back, and the room hears it once', async () => {
    const room = await joined(owner);
    const first = await joined(viewer);
    const clientId = randomUUID();
    first.send({ type: 'chat_message', streamId, message: 'Is COD available?', clientId });
    const original = await first.nextOf('new_chat_message');
    expect(original.clientId).toBe(clientId);
    expect(original.message).toMatchObject({ userId: viewer.id, message: 'Is COD available?' });
    first.close();

    // The phone never heard that answer: after its reconnect it sends the line again.
    const second = await joined(viewer);
    second.send({ type: 'chat_message', streamId, message: 'Is COD available?', clientId });
    const again = await second.nextOf('new_chat_message');
    expect(again).toEqual({ type: 'new_chat_message', message: original.message, clientId });

    // A later line is a marker: everything before it has reached the room.
    second.send({ type: 'chat_message', streamId, message: 'marker', clientId: randomUUID() });
    const heard: string[] = [];
    for (;;) {
      const line = (await room.nextOf('new_chat_message')).message as { message: string };
      if (line.message === 'marker') break;
      heard.push(line.message);
    }
    expect(heard).toEqual(['Is COD available?']);
    expect(await saved('Is COD available?')).toHaveLength(1);
  });

  it('is saved again under a new clientId: the same words twice are two lines', async () => {
    const s = await joined(viewer);
    for (let i = 0; i < 2; i++) {
      s.send({ type: 'chat_message', streamId, message: 'Wow!', clientId: randomUUID() });
      await s.nextOf('new_chat_message');
    }
    expect(await saved('Wow!')).toHaveLength(2);
  });

  it('names the line in a refusal, and a refused line sent again is checked afresh, not dropped', async () => {
    const s = await joined(viewer);
    const clientId = randomUUID();
    s.send({ type: 'chat_message', streamId, message: 'see www.example.com', clientId });
    expect(await s.nextOf('chat_error')).toMatchObject({ code: 'link_blocked', clientId });

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/streams/${streamId}/chat-settings`,
      headers: { cookie: owner.cookie },
      payload: { slowModeSeconds: 0, followersOnly: false, linksAllowed: true },
    });
    expect(res.statusCode).toBe(200);
    s.send({ type: 'chat_message', streamId, message: 'see www.example.com', clientId });
    expect(await s.nextOf('new_chat_message')).toMatchObject({ clientId, message: { message: 'see www.example.com' } });
    expect(await saved('see www.example.com')).toHaveLength(1);

    const stranger = await TestSocket.connect(url, { cookie: viewer.cookie, origin: t.config.publicOrigin });
    open.push(stranger);
    const unjoined = randomUUID();
    stranger.send({ type: 'chat_message', streamId, message: 'hello?', clientId: unjoined });
    expect(await stranger.nextOf('error')).toEqual({ type: 'error', message: 'Join the stream before chatting', clientId: unjoined });
  });
});
