import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { notifications } from '../shopper/index.js';
import { follows, sellers } from './tables.js';

let t: TestApp;
let seller: TestSeller;
let fan: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db);
  fan = await makeUser(t.app, 'Rahul');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string) => t.app.inject({ method, url, headers: { cookie } });

async function realFollowers(sellerId: string) {
  const rows = await t.database.db.select().from(follows).where(eq(follows.sellerId, sellerId));
  const [s] = await t.database.db.select().from(sellers).where(eq(sellers.id, sellerId));
  return { rows: rows.length, counted: s!.followersCount };
}

describe('GET /api/sellers/{id}', () => {
  it('shows the store and whether I follow it', async () => {
    const res = await call('GET', `/api/sellers/${seller.sellerId}`, fan.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: seller.sellerId, userId: seller.id, storeName: "Priya's Store", followersCount: 0, isFollowing: false });
    expect((await call('GET', '/api/sellers/00000000-0000-4000-8000-000000000000', fan.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/sellers/${seller.sellerId}` })).statusCode).toBe(401);
  });
});

describe('follow and unfollow', () => {
  it('is idempotent, keeps followersCount equal to the real follows, and notifies the seller once', async () => {
    const first = await call('POST', `/api/sellers/${seller.sellerId}/follow`, fan.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ isFollowing: true, followersCount: 1 });
    const again = await call('POST', `/api/sellers/${seller.sellerId}/follow`, fan.cookie);
    expect(again.json()).toEqual({ isFollowing: true, followersCount: 1 });
    expect(await realFollowers(seller.sellerId)).toEqual({ rows: 1, counted: 1 });
    expect((await call('GET', `/api/sellers/${seller.sellerId}`, fan.cookie)).json().isFollowing).toBe(true);

    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, seller.id), eq(notifications.type, 'follow')));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe("Rahul started following Priya's Store.");

    const out = await call('DELETE', `/api/sellers/${seller.sellerId}/follow`, fan.cookie);
    expect(out.json()).toEqual({ isFollowing: false, followersCount: 0 });
    expect((await call('DELETE', `/api/sellers/${seller.sellerId}/follow`, fan.cookie)).json()).toEqual({ isFollowing: false, followersCount: 0 });
    expect(await realFollowers(seller.sellerId)).toEqual({ rows: 0, counted: 0 });
  });

  it('counts right under concurrent follows from many users', async () => {
    const fans = await Promise.all(Array.from({ length: 6 }, (_, i) => makeUser(t.app, `Fan${i}`)));
    await Promise.all(fans.map((f) => call('POST', `/api/sellers/${seller.sellerId}/follow`, f.cookie)));
    await Promise.all(fans.slice(0, 2).map((f) => call('DELETE', `/api/sellers/${seller.sellerId}/follow`, f.cookie)));
    expect(await realFollowers(seller.sellerId)).toEqual({ rows: 4, counted: 4 });
  });

  it('refuses following your own store with 400 and unknown stores with 404', async () => {
    const self = await call('POST', `/api/sellers/${seller.sellerId}/follow`, seller.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot follow your own store');
    expect((await call('POST', '/api/sellers/00000000-0000-4000-8000-000000000000/follow', fan.cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/sellers', () => {
  it("creates one store per user with the spec's validation", async () => {
    const newcomer = await makeUser(t.app, 'Sana');
    const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/sellers', headers: { cookie: newcomer.cookie }, payload });
    expect((await post({ storeName: 'A', description: 'Handmade bangles', category: 'jewelry' })).json().message).toBe('Store name must be at least 2 characters');
    expect((await post({ storeName: 'Sana Bangles', description: 'short', category: 'jewelry' })).json().message).toBe('Description must be at least 10 characters');
    expect((await post({ storeName: 'Sana Bangles', description: 'Handmade glass bangles', category: 'electronics' })).json().message).toBe('Please select a category');
    const created = await post({ storeName: 'Sana Bangles', description: 'Handmade glass bangles', category: 'jewelry' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ userId: newcomer.id, storeName: 'Sana Bangles', category: 'jewelry', followersCount: 0, isVerified: false });
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: newcomer.cookie } })).json();
    expect(me).toMatchObject({ isSeller: true, seller: { storeName: 'Sana Bangles' } });
    const second = await post({ storeName: 'Second', description: 'Another store here', category: 'fashion' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You already have a store');
  });
});
