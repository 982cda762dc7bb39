import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ForYouFeed } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { user } from '../auth/tables.js';
import { follows, sellers } from '../sellers/tables.js';
import { orderItems, orders } from '../shopper/tables.js';
import { streams, streamViewers } from '../streams/tables.js';

let t: TestApp;
let asha: TestUser;
let ravi: TestUser;
let meena: TestUser;
const shows: Record<string, string> = {};
const goods: Record<string, string> = {};

const HOUR = 3600_000;
type Db = TestApp['database']['db'];

async function store(db: Db, name: string, category: string): Promise<TestSeller> {
  const s = await makeSeller(t.app, db, name);
  await db.update(sellers).set({ category }).where(eq(sellers.id, s.sellerId));
  return s;
}
async function show(db: Db, sellerId: string, values: Partial<typeof streams.$inferInsert>) {
  const [row] = await db.insert(streams).values({ sellerId, title: 'A show', isLive: true, startedAt: new Date(), ...values }).returning();
  return row!.id;
}
async function bought(db: Db, buyerId: string, sellerId: string, productId: string, quantity: number) {
  const [order] = await db.insert(orders).values({ userId: buyerId, sellerId, totalAmount: '100.00', status: 'confirmed' }).returning();
  await db.insert(orderItems).values({ orderId: order!.id, productId, productName: 'x', unitPrice: '100.00', quantity });
}

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  asha = await makeUser(t.app, 'Asha');
  ravi = await makeUser(t.app, 'Ravi');
  meena = await makeUser(t.app, 'Meena');
  await db.update(user).set({ language: 'hi' }).where(eq(user.id, asha.id));

  const busy = await store(db, 'Busy', 'jewelry');
  const followed = await store(db, 'Followed', 'fashion');
  const hindi = await store(db, 'Hindi', 'fashion');
  const banned = await store(db, 'Banned', 'beauty');
  const sporty = await store(db, 'Sporty', 'sports');
  await db.insert(follows).values({ followerId: asha.id, sellerId: followed.sellerId });

  // Live: a crowd of 5 at Busy; one viewer each at the followed store and the Hindi one.
  shows.busy = await show(db, busy.sellerId, { viewerCount: 5, language: 'en' });
  shows.followed = await show(db, followed.sellerId, { viewerCount: 1, language: 'en', startedAt: new Date(Date.now() - 60_000) });
  shows.hindi = await show(db, hindi.sellerId, { viewerCount: 1, language: 'hi', startedAt: new Date(Date.now() - 120_000) });
  shows.banned = await show(db, banned.sellerId, { viewerCount: 900 });
  shows.ended = await show(db, sporty.sellerId, { isLive: false, viewerCount: 900, startedAt: new Date(Date.now() - 2 * HOUR), endedAt: new Date(Date.now() - HOUR) });
  // Upcoming: Busy's is sooner, the followed store's later.
  shows.soon = await show(db, busy.sellerId, { isLive: false, startedAt: null, scheduledFor: new Date(Date.now() + HOUR) });
  shows.later = await show(db, followed.sellerId, { isLive: false, startedAt: null, scheduledFor: new Date(Date.now() + 5 * HOUR) });
  shows.bannedSoon = await show(db, banned.sellerId, { isLive: false, startedAt: null, scheduledFor: new Date(Date.now() + HOUR / 2) });

  goods.followed = (await makeProduct(db, followed.sellerId, { name: 'Followed kurta', category: 'fashion' })).id;
  goods.beautyBought = (await makeProduct(db, hindi.sellerId, { name: 'Kajal', category: 'beauty' })).id;
  goods.beautyNew = (await makeProduct(db, hindi.sellerId, { name: 'Lipstick', category: 'beauty' })).id;
  goods.hot = (await makeProduct(db, sporty.sellerId, { name: 'Cricket bat', category: 'sports' })).id;
  goods.plain = (await makeProduct(db, sporty.sellerId, { name: 'Yoga mat', category: 'sports' })).id;
  goods.jewel = (await makeProduct(db, busy.sellerId, { name: 'Jhumka', category: 'jewelry' })).id;
  goods.inactive = (await makeProduct(db, sporty.sellerId, { name: 'Hidden', category: 'sports', isActive: false })).id;
  goods.banned = (await makeProduct(db, banned.sellerId, { name: 'Banned cream', category: 'beauty' })).id;
  // Every order before the first request: the best sellers are remembered for a minute.
  await bought(db, asha.id, hindi.sellerId, goods.beautyBought, 1);
  await bought(db, ravi.id, sporty.sellerId, goods.hot, 10);
  await bought(db, ravi.id, sporty.sellerId, goods.inactive, 50);
  await bought(db, ravi.id, banned.sellerId, goods.banned, 50);
  // Meena bought nothing, but watched a jewelry store's show.
  await db.insert(streamViewers).values({ streamId: shows.busy, userId: meena.id });
  await db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, banned.id));
});
afterAll(() => t.close());

async function feed(who?: TestUser): Promise<ForYouFeed> {
  const res = await t.app.inject({ method: 'GET', url: '/api/feed/for-you', headers: who ? { cookie: who.cookie } : {} });
  expect(res.statusCode).toBe(200);
  return ForYouFeed.parse(res.json());
}
const ids = (items: { id: string }[]) => items.map((i) => i.id);
const pos = (list: string[], product: string) => list.indexOf(goods[product]!);

describe('GET /api/feed/for-you', () => {
  it('signed out: live shows by their crowd, upcoming soonest first, best sellers first', async () => {
    const f = await feed();
    expect(ids(f.live)).toEqual([shows.busy, shows.followed, shows.hindi]);
    expect(f.live[0]!.storeName).toBe("Busy's Store");
    expect(ids(f.upcoming)).toEqual([shows.soon, shows.later]);
    expect(f.products[0]!.id).toBe(goods.hot);
  });

  it('signed in: the followed store first, then shows in my language before a bigger crowd', async () => {
    const f = await feed(asha);
    expect(ids(f.live)).toEqual([shows.followed, shows.hindi, shows.busy]);
    expect(ids(f.upcoming)).toEqual([shows.later, shows.soon]);
  });

  it("ranks products by the store I follow, then the category I bought, above the best seller", async () => {
    const products = ids((await feed(asha)).products);
    expect(pos(products, 'followed')).toBe(0);
    expect(pos(products, 'beautyNew')).toBeLessThan(pos(products, 'hot'));
    expect(pos(products, 'hot')).toBeLessThan(pos(products, 'plain'));
  });

  it('ranks the category of shows I watched above others', async () => {
    const products = ids((await feed(meena)).products);
    expect(pos(products, 'jewel')).toBeGreaterThanOrEqual(0);
    expect(pos(products, 'jewel')).toBeLessThan(pos(products, 'plain'));
    expect(pos(products, 'jewel')).toBeLessThan(pos(products, 'beautyNew'));
  });

  it('leaves out ended shows, inactive products and everything of a suspended store', async () => {
    for (const f of [await feed(), await feed(asha)]) {
      const all = [...ids(f.live), ...ids(f.upcoming), ...ids(f.products)];
      for (const gone of [shows.ended, shows.banned, shows.bannedSoon, goods.inactive, goods.banned]) expect(all).not.toContain(gone);
    }
  });
});
