import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationList } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { streamReminders } from '../streams/tables.js';

// "Remind me" on an upcoming show; who hears of it when it starts or is cancelled. The timed reminders
// themselves are in timing.test.ts.
let t: TestApp;
let seller: TestSeller;
let rahul: TestUser;
let sneha: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
  seller = await makeSeller(t.app, t.database.db, 'Anjali');
  rahul = await makeUser(t.app, 'Rahul');
  sneha = await makeUser(t.app, 'Sneha');
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const remind = (who: TestUser | undefined, id: string) => send('POST', `/api/streams/${id}/reminders`, who);
const forget = (who: TestUser | undefined, id: string) => send('DELETE', `/api/streams/${id}/reminders`, who);
const notes = async (who: TestUser) => NotificationList.parse((await send('GET', '/api/notifications', who)).json());

async function schedule(owner: TestSeller, minutes = 120, title = 'Saree drop at 7'): Promise<string> {
  const scheduledFor = new Date(Date.now() + minutes * 60_000).toISOString();
  const res = await send('POST', '/api/streams', owner, { title, scheduledFor });
  if (res.statusCode !== 201) throw new Error(`schedule failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}
const remindedRows = (streamId: string, userId: string) =>
  t.database.db.select().from(streamReminders).where(and(eq(streamReminders.streamId, streamId), eq(streamReminders.userId, userId)));

describe('POST and DELETE /api/streams/{id}/reminders', () => {
  it('needs a signed-in user, a stream id and a stream that exists', async () => {
    const id = await schedule(seller);
    expect((await remind(undefined, id)).statusCode).toBe(401);
    expect((await forget(undefined, id)).statusCode).toBe(401);
    expect((await remind(rahul, 'nope')).statusCode).toBe(400);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const res of [await remind(rahul, missing), await forget(rahul, missing)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Stream not found' });
    }
    await send('DELETE', `/api/streams/${id}`, seller);
  });

  it('reminds once however often it is asked, and takes it back the same way', async () => {
    const id = await schedule(seller);
    for (let i = 0; i < 2; i++) {
      const res = await remind(rahul, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ reminded: true });
    }
    expect(await remindedRows(id, rahul.id)).toHaveLength(1);
    expect((await send('GET', `/api/streams/${id}`, rahul)).json()).toMatchObject({ reminded: true });
    expect((await send('GET', `/api/streams/${id}`, sneha)).json()).toMatchObject({ reminded: false });

    for (let i = 0; i < 2; i++) {
      const res = await forget(rahul, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ reminded: false });
    }
    expect(await remindedRows(id, rahul.id)).toHaveLength(0);
    await send('DELETE', `/api/streams/${id}`, seller);
  });

  it("refuses the seller's own show, and a show that has started or ended (409)", async () => {
    const id = await schedule(seller);
    const own = await remind(seller, id);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'You cannot set a reminder for your own show' });
    await send('DELETE', `/api/streams/${id}`, seller);

    const liveId = await goLive(t.app, seller);
    const live = await remind(rahul, liveId);
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({ message: 'This show has already started' });
    await send('PATCH', `/api/streams/${liveId}`, seller, { isLive: false });
    const ended = await remind(rahul, liveId);
    expect(ended.statusCode).toBe(409);
    expect(ended.json()).toEqual({ message: 'This stream has ended' });
    // Taking a reminder back is never refused.
    expect((await forget(rahul, liveId)).json()).toEqual({ reminded: false });
  });
});

describe('when the show starts or is cancelled', () => {
  it('tells followers and reminded people once each (a reminded follower too), never the seller', async () => {
    const store = await makeSeller(t.app, t.database.db, 'Meera');
    const both = await makeUser(t.app, 'Kiran');
    const follower = await makeUser(t.app, 'Arjun');
    const reminded = await makeUser(t.app, 'Divya');
    const stranger = await makeUser(t.app, 'Ravi');
    for (const who of [both, follower]) await send('POST', `/api/sellers/${store.sellerId}/follow`, who);
    const id = await schedule(store, 60 * 24, 'Diwali lights, live');
    for (const who of [both, reminded]) await remind(who, id);

    const started = await send('PATCH', `/api/streams/${id}`, store, { isLive: true });
    expect(started.statusCode).toBe(200);
    for (const who of [both, follower, reminded]) {
      const starts = (await notes(who)).filter((n) => n.type === 'stream_start');
      expect(starts).toHaveLength(1);
      expect(starts[0]).toMatchObject({ title: "Meera's Store is live now!", link: `/stream/${id}` });
      expect(starts[0]!.message).toContain('Diwali lights, live');
    }
    expect(await notes(stranger)).toEqual([]);
    expect((await notes(store)).filter((n) => n.type === 'stream_start')).toEqual([]);
  });

  it('tells the people reminded of a cancelled show, and only them', async () => {
    const store = await makeSeller(t.app, t.database.db, 'Lata');
    const reminded = await makeUser(t.app, 'Pooja');
    const follower = await makeUser(t.app, 'Nikhil');
    await send('POST', `/api/sellers/${store.sellerId}/follow`, follower);
    const id = await schedule(store, 90, 'Pattu sarees');
    await remind(reminded, id);

    expect((await send('DELETE', `/api/streams/${id}`, store)).statusCode).toBe(204);
    const [cancelled] = await notes(reminded);
    expect(cancelled).toMatchObject({ type: 'stream_cancelled', title: 'Show cancelled', message: "Lata's Store has cancelled Pattu sarees.", link: '/notifications' });
    expect((await notes(follower)).filter((n) => n.type !== 'follow')).toEqual([]);
    expect(await remindedRows(id, reminded.id)).toEqual([]);
  });
});
