import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification, NotificationList } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { notifications } from '../shopper/tables.js';
import { notify } from './index.js';

let t: TestApp;
let rahul: TestUser;
let sneha: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
  rahul = await makeUser(t.app, 'Rahul');
  sneha = await makeUser(t.app, 'Sneha');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: TestUser) => t.app.inject({ method, url, headers: { cookie: who.cookie } });
const list = async (who: TestUser) => NotificationList.parse((await call('GET', '/api/notifications', who)).json());
const unread = async (who: TestUser) => (await call('GET', '/api/notifications/unread-count', who)).json().count as number;
const follow = (who: TestUser, seller: TestSeller) => call('POST', `/api/sellers/${seller.sellerId}/follow`, who);

async function connect(who: TestUser) {
  const socket = await TestSocket.connect(await wsUrl(t.app), { cookie: who.cookie, origin: t.config.publicOrigin });
  // Any reply means the socket's user channel is subscribed (frames wait for it).
  socket.send('hello');
  expect(await socket.nextOf('error')).toMatchObject({ message: 'Messages must be JSON' });
  return socket;
}

describe('notifications', () => {
  it('lists only mine, newest first, and marks one read; anyone else gets 404', async () => {
    await notify(t.database.db, { userId: rahul.id, type: 'promotion', kind: 'sale_upi', params: { percent: 10 } });
    await notify(t.database.db, { userId: rahul.id, type: 'order_update', kind: 'order_shipped', params: { ref: '#AB12CD34', store: 'Priya Jewels' }, link: '/orders' });
    await notify(t.database.db, { userId: sneha.id, type: 'promotion', kind: 'welcome', params: { name: 'Sneha', coins: 1000 } });
    const mine = await list(rahul);
    expect(mine.map((n) => n.message)).toEqual([
      'Your order #AB12CD34 from Priya Jewels is on its way.',
      'Extra 10% off on jewellery and sarees when you pay with UPI. This weekend only!',
    ]);
    expect(mine[0]).toMatchObject({ type: 'order_update', title: 'Order shipped', isRead: false, link: '/orders' });
    expect(await unread(rahul)).toBe(2);

    const hers = (await list(sneha))[0]!;
    expect((await call('PATCH', `/api/notifications/${hers.id}/read`, rahul)).statusCode).toBe(404);
    expect((await list(sneha))[0]!.isRead).toBe(false);

    const read = await call('PATCH', `/api/notifications/${mine[0]!.id}/read`, rahul);
    expect(read.statusCode).toBe(200);
    expect(Notification.parse(read.json()).isRead).toBe(true);
    expect((await call('PATCH', `/api/notifications/${mine[0]!.id}/read`, rahul)).statusCode).toBe(200);
    expect(await unread(rahul)).toBe(1);
    expect((await call('PATCH', '/api/notifications/00000000-0000-4000-8000-000000000000/read', rahul)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('marks all of mine read and leaves everyone else alone', async () => {
    const res = await call('PATCH', '/api/notifications/read-all', rahul);
    expect(res.json()).toEqual({ count: 0 });
    expect(await unread(rahul)).toBe(0);
    expect((await list(rahul)).every((n) => n.isRead)).toBe(true);
    expect(await unread(sneha)).toBe(1);
  });

  it('tells every follower, and nobody else, when a followed store goes live', async () => {
    const seller = await makeSeller(t.app, t.database.db, 'Anjali');
    const fans = await Promise.all(Array.from({ length: 3 }, (_, i) => makeUser(t.app, `Fan${i}`)));
    const stranger = await makeUser(t.app, 'Stranger');
    for (const fan of fans) expect((await follow(fan, seller)).statusCode).toBe(200);

    const streamId = await goLive(t.app, seller, 'Saree drape, live');
    for (const fan of fans) {
      const [note] = await list(fan);
      expect(note).toMatchObject({ type: 'stream_start', title: "Anjali's Store is live now!", link: `/stream/${streamId}`, isRead: false });
      expect(note!.message).toContain('Saree drape, live');
    }
    expect(await list(stranger)).toEqual([]);
    // The seller has one 'follow' notification per fan, and no stream_start of their own.
    expect((await list(seller)).map((n) => n.type)).toEqual(['follow', 'follow', 'follow']);
  });

  it("pushes the new unread count to the user's own open sockets", async () => {
    const seller = await makeSeller(t.app, t.database.db, 'Meera');
    const fan = await makeUser(t.app, 'Kiran');
    const [fanTab1, fanTab2, sellerSocket, other] = await Promise.all([connect(fan), connect(fan), connect(seller), connect(sneha)]);
    try {
      // A new follower: the seller hears of it.
      await follow(fan, seller);
      expect(await sellerSocket.nextOf('notifications_unread')).toEqual({ type: 'notifications_unread', count: 1 });

      // The store goes live: both of the fan's tabs hear of it.
      await goLive(t.app, seller);
      expect(await fanTab1.nextOf('notifications_unread')).toEqual({ type: 'notifications_unread', count: 1 });
      expect(await fanTab2.nextOf('notifications_unread')).toEqual({ type: 'notifications_unread', count: 1 });

      // Reading updates every tab.
      const [note] = await list(fan);
      await call('PATCH', `/api/notifications/${note!.id}/read`, fan);
      expect(await fanTab1.nextOf('notifications_unread')).toMatchObject({ count: 0 });
      expect(await fanTab2.nextOf('notifications_unread')).toMatchObject({ count: 0 });
      await call('PATCH', '/api/notifications/read-all', seller);
      expect(await sellerSocket.nextOf('notifications_unread')).toMatchObject({ count: 0 });

      // Someone else's socket heard none of it.
      await expect(other.nextOf('notifications_unread', 300)).rejects.toThrow('no message');
    } finally {
      for (const s of [fanTab1, fanTab2, sellerSocket, other]) s.close();
    }
  });

  it('keeps at most 100 in the list', async () => {
    const many = await makeUser(t.app, 'Many');
    await t.database.db.insert(notifications).values(Array.from({ length: 105 }, (_, i) => ({ userId: many.id, type: 'promotion', title: `n${i}`, message: 'x' })));
    expect(await list(many)).toHaveLength(100);
    expect(await unread(many)).toBe(105);
    await t.database.db.delete(notifications).where(eq(notifications.userId, many.id));
  });
});
