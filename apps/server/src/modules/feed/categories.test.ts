import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CategoryPage, SEARCH_PAGE_SIZE } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeProduct, makeSeller, makeUser, type TestUser } from '../../testing/fixtures.js';
import { user } from '../auth/tables.js';
import { sellers } from '../sellers/tables.js';
import { streamPlannedProducts, streams } from '../streams/tables.js';

let t: TestApp;
let asha: TestUser;
const shows: Record<string, string> = {};
const jewelry: string[] = [];
let suspendedJewel: string;
let hiddenJewel: string;

const HOUR = 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  asha = await makeUser(t.app, 'Asha');
  const jeweller = await makeSeller(t.app, db, 'Jeweller');
  const tailor = await makeSeller(t.app, db, 'Tailor');
  const planner = await makeSeller(t.app, db, 'Planner');
  const banned = await makeSeller(t.app, db, 'Banned');
  await db.update(sellers).set({ category: 'fashion' }).where(eq(sellers.id, tailor.sellerId));
  await db.update(sellers).set({ category: 'fashion' }).where(eq(sellers.id, planner.sellerId));

  // 25 jewelry products (more than a page), created a millisecond apart at most: paging must not lose any.
  for (let i = 0; i < SEARCH_PAGE_SIZE + 5; i++) jewelry.push((await makeProduct(db, jeweller.sellerId, { name: `Jewel ${i}`, category: 'jewelry' })).id);
  const kurta = await makeProduct(db, tailor.sellerId, { name: 'Kurta', category: 'fashion' });
  const necklace = await makeProduct(db, planner.sellerId, { name: 'Necklace', category: 'jewelry' });
  jewelry.push(necklace.id);
  hiddenJewel = (await makeProduct(db, jeweller.sellerId, { category: 'jewelry', isActive: false })).id;
  suspendedJewel = (await makeProduct(db, banned.sellerId, { category: 'jewelry' })).id;

  const insert = async (values: Omit<typeof streams.$inferInsert, 'title'>) => (await db.insert(streams).values({ title: 'Show', ...values }).returning())[0]!.id;
  // In jewelry: the jewelry store's live show, and a fashion store's show that features a necklace.
  shows.jewellerLive = await insert({ sellerId: jeweller.sellerId, isLive: true });
  shows.featuring = await insert({ sellerId: planner.sellerId, isLive: true, featuredProductId: necklace.id });
  // Not in jewelry: a fashion store's live show of kurtas.
  shows.tailorLive = await insert({ sellerId: tailor.sellerId, isLive: true, featuredProductId: kurta.id });
  // Upcoming: one planning the necklace (jewelry), one of the tailor (fashion only), an ended one, a suspended store's.
  shows.planned = await insert({ sellerId: planner.sellerId, isLive: false, startedAt: null, scheduledFor: new Date(Date.now() + HOUR) });
  await db.insert(streamPlannedProducts).values({ streamId: shows.planned, productId: necklace.id });
  shows.tailorSoon = await insert({ sellerId: tailor.sellerId, isLive: false, startedAt: null, scheduledFor: new Date(Date.now() + HOUR) });
  shows.ended = await insert({ sellerId: jeweller.sellerId, isLive: false, startedAt: new Date(Date.now() - HOUR), endedAt: new Date() });
  shows.banned = await insert({ sellerId: banned.sellerId, isLive: true });
  await db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, banned.id));
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('GET /api/categories/:slug', () => {
  it("lists the category's live and upcoming shows: by its store, its featured product or its planned ones", async () => {
    const res = await get('/api/categories/jewelry', asha);
    expect(res.statusCode).toBe(200);
    const page = CategoryPage.parse(res.json());
    expect(page.category).toBe('jewelry');
    expect(ids(page.live).sort()).toEqual([shows.jewellerLive, shows.featuring].sort());
    expect(ids(page.upcoming)).toEqual([shows.planned]);
    expect(page.upcoming[0]!.featuredProducts.map((p) => p.name)).toEqual(['Necklace']);
    expect(page.live.find((s) => s.id === shows.featuring)!.storeName).toBe("Planner's Store");

    const fashion = CategoryPage.parse((await get('/api/categories/fashion')).json());
    expect(ids(fashion.live).sort()).toEqual([shows.featuring, shows.tailorLive].sort());
    expect(ids(fashion.upcoming).sort()).toEqual([shows.planned, shows.tailorSoon].sort());
  });

  it('pages through every active product of the category once, newest first', async () => {
    const first = CategoryPage.parse((await get('/api/categories/jewelry')).json());
    expect(first.products).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = CategoryPage.parse((await get(`/api/categories/jewelry?cursor=${first.nextCursor}`)).json());
    expect(second.nextCursor).toBeNull();
    // Later pages carry products only: the shows came with the first.
    expect(second.live).toEqual([]);
    const all = [...ids(first.products), ...ids(second.products)];
    expect(all.sort()).toEqual([...jewelry].sort());
    expect(first.products[0]!.name).toBe('Necklace');
    expect(all).not.toContain(hiddenJewel);
    expect(all).not.toContain(suspendedJewel);
    expect(first.products.every((p) => p.category === 'jewelry')).toBe(true);
  });

  it('answers 404 for an unknown category (in the reader language) and 400 for a broken cursor', async () => {
    const unknown = await get('/api/categories/cars');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'That category does not exist' });
    const hindi = await t.app.inject({ method: 'GET', url: '/api/categories/cars', headers: { 'accept-language': 'hi' } });
    expect(hindi.json().message).toBe('यह श्रेणी मौजूद नहीं है');
    for (const cursor of ['nonsense', Buffer.from('1.2').toString('base64url'), Buffer.from("1'; drop.x").toString('base64url')]) {
      const res = await get(`/api/categories/jewelry?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid cursor' });
    }
  });
});
