import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env.js';
import type { Database } from '../db/client.js';
import { sellers } from '../modules/sellers/index.js';
import { user } from '../modules/auth/index.js';
import { ORIGIN, startInstances, type Instances } from '../testing/instances.js';
import { TestSocket } from '../testing/ws-client.js';
import { SESSION_ENDED_CLOSE_CODE } from '@live-market/contract';

// Two server processes on one PostgreSQL and one Redis serve one stream's room together.
// Needs both (CI's second pass sets DATABASE_URL and REDIS_URL); PGlite cannot be shared by two processes.
const env = readEnv();

describe.runIf(env.DATABASE_URL && env.REDIS_URL)('two instances behind one load balancer', () => {
  const ports = [5181, 5182];
  let instances: Instances;
  let database: Database;
  const signIn = (port: number, phoneNumber: string) => instances.signIn(port, phoneNumber, phoneNumber.endsWith('1') ? 'Priya' : 'Rahul');

  beforeAll(async () => {
    instances = await startInstances(ports);
    database = instances.database;
  }, 60_000);

  afterAll(() => instances.stop());

  it('delivers chat sent on one instance to viewers on the other, with one viewer count', async () => {
    const [a, b] = ports as [number, number];
    const sellerCookie = await signIn(a, '9000000001');
    const viewerCookie = await signIn(b, '9000000002');
    const [seller] = await database.db.select().from(user).where(eq(user.phoneNumber, '+919000000001'));
    await database.db.insert(sellers).values({ userId: seller!.id, storeName: 'Two Cities Jewels', category: 'jewelry' });
    const created = await fetch(`http://127.0.0.1:${a}/api/streams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: sellerCookie },
      body: JSON.stringify({ title: 'Across instances' }),
    });
    expect(created.status).toBe(201);
    const streamId = ((await created.json()) as { id: string }).id;

    const onA = await TestSocket.connect(`ws://127.0.0.1:${a}/ws`, { cookie: sellerCookie, origin: ORIGIN });
    const onB = await TestSocket.connect(`ws://127.0.0.1:${b}/ws`, { cookie: viewerCookie, origin: ORIGIN });
    try {
      onA.send({ type: 'join_stream', streamId });
      await onA.nextOf('viewer_count_update');
      onB.send({ type: 'join_stream', streamId });
      // Both instances count the same one viewer: the viewer on B, not the seller on A (issue 11).
      const countOn = async (s: TestSocket) => {
        for (;;) {
          const m = await s.nextOf('viewer_count_update', 5000);
          if (m.count === 1) return m.count;
        }
      };
      expect(await Promise.all([countOn(onA), countOn(onB)])).toEqual([1, 1]);

      onA.send({ type: 'chat_message', streamId, message: 'Namaste from instance A' });
      expect((await onB.nextOf('new_chat_message')).message).toMatchObject({ message: 'Namaste from instance A', displayName: 'Priya' });
      // A hears its own message too; then B's.
      expect((await onA.nextOf('new_chat_message')).message).toMatchObject({ message: 'Namaste from instance A' });
      onB.send({ type: 'chat_message', streamId, message: 'Hello from B' });
      expect((await onA.nextOf('new_chat_message')).message).toMatchObject({ message: 'Hello from B', displayName: 'Rahul' });

      const ended = await fetch(`http://127.0.0.1:${a}/api/streams/${streamId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: sellerCookie },
        body: JSON.stringify({ isLive: false }),
      });
      expect(ended.status).toBe(200);
      expect(await onB.nextOf('stream_ended')).toMatchObject({ type: 'stream_ended', streamId });
    } finally {
      onA.close();
      onB.close();
    }
  }, 60_000);

  it("tells list watchers on the other instance when a show goes live or ends, and that instance's live list agrees at once (issue 25)", async () => {
    const [a, b] = ports as [number, number];
    // Phones of this run's own: the database may hold earlier runs' stores.
    const phone = (n: number) => `8${String(Date.now() * 10 + n).slice(-9)}`;
    const sellerCookie = await instances.signIn(a, phone(1), 'Priya');
    const viewerCookie = await instances.signIn(b, phone(2), 'Rahul');
    const store = await instances.call(a, 'POST', '/api/sellers', sellerCookie, { storeName: 'Lists Across Cities', description: 'Handloom from Kanchipuram', category: 'fashion' });
    expect(store.status).toBe(201);
    const liveOnB = async () => ((await (await instances.call(b, 'GET', '/api/streams/live')).json()) as Array<{ id: string }>).map((s) => s.id);
    const onB = await TestSocket.connect(`ws://127.0.0.1:${b}/ws`, { cookie: viewerCookie, origin: ORIGIN });
    try {
      onB.send({ type: 'watch_lists' });
      onB.send('not json');
      await onB.nextOf('error');
      // Home screens keep asking B meanwhile, so B's one-second cache holds the list from before each change.
      let asking = true;
      const homes = (async () => {
        while (asking) await Promise.all([liveOnB(), new Promise((r) => setTimeout(r, 50))]);
      })();
      const created = await instances.call(a, 'POST', '/api/streams', sellerCookie, { title: 'Listed everywhere' });
      const streamId = ((await created.json()) as { id: string }).id;
      expect(await onB.nextOf('listing_update', 2000)).toMatchObject({ streamId, status: 'live' });
      expect(await liveOnB()).toContain(streamId);
      await instances.call(a, 'PATCH', `/api/streams/${streamId}`, sellerCookie, { isLive: false });
      expect(await onB.nextOf('listing_update', 2000)).toMatchObject({ streamId, status: 'ended' });
      expect(await liveOnB()).not.toContain(streamId);
      asking = false;
      await homes;
    } finally {
      onB.close();
    }
  }, 30_000);

  it('a session signed out on one instance is refused on the other at once, socket or not', async () => {
    const [a, b] = ports as [number, number];
    const cookie = await signIn(a, '9000000003');
    // B has verified the session (and remembers it for 30 s) and holds a socket opened under it.
    expect((await instances.call(b, 'GET', '/api/auth/user', cookie)).status).toBe(200);
    const onB = await TestSocket.connect(`ws://127.0.0.1:${b}/ws`, { cookie, origin: ORIGIN });
    const closing = onB.closed();
    const out = await fetch(`http://127.0.0.1:${a}/api/logout`, { method: 'POST', headers: { origin: ORIGIN, cookie }, redirect: 'manual' });
    expect(out.status).toBe(303);
    expect((await instances.call(b, 'GET', '/api/auth/user', cookie)).status).toBe(401);
    expect(await closing).toBe(SESSION_ENDED_CLOSE_CODE);
  }, 30_000);
});
