import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env.js';
import { ORIGIN, startInstances, type Instances } from '../../testing/instances.js';
import { TestSocket } from '../../testing/ws-client.js';
import { user } from '../auth/index.js';
import { sellers } from '../sellers/index.js';
import { chatMessages } from '../streams/index.js';

// Decision 056: each instance holds what a chat line's checks need (the show's settings, the seller's
// words, the sender's standing) and drops it when another instance changes it. The viewer chats on B,
// so B holds their standing; every change is made through A, and B must act on it from the next line.
const env = readEnv();

describe.runIf(env.DATABASE_URL && env.REDIS_URL)('chat copies across instances', () => {
  const ports = [5701, 5702] as const;
  let x: Instances;
  const sockets: TestSocket[] = [];
  let ownerCookie: string;
  let viewerCookie: string;
  let viewerId: string;
  let sellerId: string;
  let streamId: string;
  let owner: TestSocket;
  let viewer: TestSocket;

  const onA = (method: string, url: string, cookie: string, body?: object) =>
    fetch(`http://127.0.0.1:${ports[0]}${url}`, {
      method,
      headers: { origin: ORIGIN, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  /** The viewer's line from B: what the owner on A hears of it, or the refusal B answers with. */
  async function say(message: string): Promise<string> {
    viewer.send({ type: 'chat_message', streamId, message });
    for (;;) {
      const m = await viewer.next(5000);
      if (m.type === 'chat_error') return `refused:${String(m.code)}`;
      if (m.type === 'error') return `error:${String(m.message)}`;
      if (m.type === 'new_chat_message' && (m.message as { message: string }).message === message) {
        // A held line is echoed to its sender, then refused as `held`; the room never hears it.
        const held = await viewer.nextOf('chat_error', 300).catch(() => null);
        if (held) return `refused:${String(held.code)}`;
        expect(((await owner.nextOf('new_chat_message')).message as { message: string }).message).toBe(message);
        return 'sent';
      }
    }
  }

  beforeAll(async () => {
    // A higher per-user rate limit: the test's dozen lines are judged by moderation, not by the flood limit.
    x = await startInstances([...ports], { CHAT_RATE_LIMIT: '100' });
    ownerCookie = await x.signIn(ports[0], '9570000001', 'Priya');
    viewerCookie = await x.signIn(ports[1], '9570000002', 'Rahul');
    const [ownerUser] = await x.database.db.select().from(user).where(eq(user.phoneNumber, '+919570000001'));
    const [viewerUser] = await x.database.db.select().from(user).where(eq(user.phoneNumber, '+919570000002'));
    viewerId = viewerUser!.id;
    const [store] = await x.database.db.insert(sellers).values({ userId: ownerUser!.id, storeName: 'Copies', category: 'jewelry' }).returning();
    sellerId = store!.id;
    const created = await onA('POST', '/api/streams', ownerCookie, { title: 'Held copies' });
    expect(created.status).toBe(201);
    streamId = ((await created.json()) as { id: string }).id;
    owner = await TestSocket.connect(`ws://127.0.0.1:${ports[0]}/ws`, { cookie: ownerCookie, origin: ORIGIN });
    viewer = await TestSocket.connect(`ws://127.0.0.1:${ports[1]}/ws`, { cookie: viewerCookie, origin: ORIGIN });
    sockets.push(owner, viewer);
    owner.send({ type: 'join_stream', streamId });
    await owner.nextOf('viewer_count_update');
    viewer.send({ type: 'join_stream', streamId });
    await viewer.nextOf('viewer_count_update');
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await x?.stop();
  });

  it('a ban, its lifting, slow mode, a moderator and the seller’s words made on A hold on B from the next line', async () => {
    expect(await say('first line, B now holds my standing')).toBe('sent');

    expect((await onA('POST', `/api/sellers/${sellerId}/bans`, ownerCookie, { userId: viewerId })).status).toBe(201);
    expect(await say('after the ban')).toBe('refused:banned');
    // B now holds "banned": lifting it on A must reach B, or the next line is refused from memory.
    expect((await onA('DELETE', `/api/sellers/${sellerId}/bans/${viewerId}`, ownerCookie)).status).toBe(200);
    expect(await say('after the unban')).toBe('sent');

    expect((await onA('PATCH', `/api/streams/${streamId}/chat-settings`, ownerCookie, { slowModeSeconds: 30 })).status).toBe(200);
    expect(await say('slow one')).toBe('sent');
    expect(await say('slow two')).toBe('refused:slow_mode');

    // Made a moderator on A: skips slow mode on B; removed on A: slow mode again on B.
    const invited = await onA('POST', `/api/sellers/${sellerId}/moderators`, ownerCookie, { userId: viewerId });
    expect(invited.status).toBe(201);
    const invitationId = ((await invited.json()) as { id: string }).id;
    expect((await onA('POST', `/api/moderator-invitations/${invitationId}/accept`, viewerCookie)).status).toBe(200);
    expect(await say('as a moderator, one')).toBe('sent');
    expect(await say('as a moderator, two')).toBe('sent');
    expect((await onA('DELETE', `/api/sellers/${sellerId}/moderators/${viewerId}`, ownerCookie)).status).toBe(200);
    expect(await say('a viewer again')).toBe('refused:slow_mode');
    expect((await onA('PATCH', `/api/streams/${streamId}/chat-settings`, ownerCookie, { slowModeSeconds: 0 })).status).toBe(200);

    // B read the seller's (empty) list on the first line; the list saved on A holds the next line.
    expect(await say('ask about the rivalstore deal')).toBe('sent');
    expect((await onA('PUT', '/api/seller/chat-keywords', ownerCookie, { words: ['rivalstore'] })).status).toBe(200);
    expect(await say('ask about the rivalstore deal again')).toBe('refused:held');

    const saved = await x.database.db.select({ message: chatMessages.message, held: chatMessages.held }).from(chatMessages).where(eq(chatMessages.userId, viewerId));
    expect(saved.filter((r) => !r.held).map((r) => r.message)).not.toContain('after the ban');
  }, 60_000);
});
