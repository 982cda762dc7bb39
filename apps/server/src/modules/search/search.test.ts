import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SEARCH_PAGE_SIZE, SearchResults, SearchSuggestions } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller } from '../../testing/fixtures.js';
import { user } from '../auth/tables.js';
import { orderItems, orders } from '../shopper/tables.js';
import { streams } from '../streams/tables.js';
import { products } from '../products/tables.js';
import { backfillSearchKeys } from './backfill.js';
import { searchKey } from './key.js';
import { searchCompletions } from './tables.js';

let t: TestApp;
let jeweller: TestSeller;
const goods: Record<string, string> = {};
const shows: Record<string, string> = {};
const bangles: string[] = [];
const HOUR = 3600_000;

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  jeweller = await makeSeller(t.app, db, 'Jewel');
  const weaver = await makeSeller(t.app, db, 'Weaver');
  const banned = await makeSeller(t.app, db, 'Banned');
  const buyer = await makeUser(t.app, 'Asha');
  const product = async (sellerId: string, name: string, extra: Parameters<typeof makeProduct>[2] = {}) => (await makeProduct(db, sellerId, { name, ...extra })).id;

  goods.jhumkaHindi = await product(jeweller.sellerId, 'झुमका');
  goods.jhumkaLatin = await product(jeweller.sellerId, 'Jhumka set');
  goods.tamilSaree = await product(weaver.sellerId, 'பட்டு புடவை', { category: 'fashion' });
  goods.earrings = await product(jeweller.sellerId, 'Silver earrings');
  goods.hidden = await product(jeweller.sellerId, 'Jhumka hidden', { isActive: false });
  goods.banned = await product(banned.sellerId, 'Jhumka banned');
  goods.kundanQuiet = await product(jeweller.sellerId, 'Kundan choker');
  goods.kundanPopular = await product(jeweller.sellerId, 'Kundan choker');
  for (let i = 0; i < SEARCH_PAGE_SIZE + 5; i++) bangles.push(await product(weaver.sellerId, `Glass bangle ${i}`));
  const [order] = await db.insert(orders).values({ userId: buyer.id, sellerId: jeweller.sellerId, totalAmount: '100.00', status: 'confirmed' }).returning();
  await db.insert(orderItems).values({ orderId: order!.id, productId: goods.kundanPopular, productName: 'Kundan choker', unitPrice: '100.00', quantity: 3 });

  const show = async (sellerId: string, title: string, values: Partial<typeof streams.$inferInsert>) =>
    (await db.insert(streams).values({ sellerId, title, ...values }).returning())[0]!.id;
  shows.upcoming = await show(weaver.sellerId, 'Jhumka evening', { isLive: false, startedAt: null, scheduledFor: new Date(Date.now() + HOUR) });
  shows.ended = await show(weaver.sellerId, 'Jhumka yesterday', { isLive: false, startedAt: new Date(Date.now() - 2 * HOUR), endedAt: new Date(Date.now() - HOUR) });
  shows.banned = await show(banned.sellerId, 'Jhumka sale', { isLive: true });
  await db.update(user).set({ suspendedAt: new Date() }).where(eq(user.id, banned.id));
  // Rows written straight to the database, as before search existed: the backfill gives them keys.
  await backfillSearchKeys(db);
  // Through the service: its key is written as it is created.
  shows.live = await goLive(t.app, jeweller, 'झुमके लाइव');
});
afterAll(() => t.close());

async function search(q: string, params = ''): Promise<SearchResults> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${params}` });
  expect(res.statusCode, res.body).toBe(200);
  return SearchResults.parse(res.json());
}
const productIds = async (q: string) => (await search(q, '&type=products')).products.map((p) => p.id);

describe('GET /api/search', () => {
  it('finds a product named in Devanagari from Latin letters, and a Latin name from Devanagari', async () => {
    expect(await productIds('jhumka')).toEqual(expect.arrayContaining([goods.jhumkaHindi, goods.jhumkaLatin]));
    expect(await productIds('झुमका')).toEqual(expect.arrayContaining([goods.jhumkaHindi, goods.jhumkaLatin]));
    expect(await productIds('jumka')).toContain(goods.jhumkaHindi);
  });

  it('finds the same jhumka from each of the ten languages', async () => {
    const queries = ['jhumka', 'झुमका', 'ঝুমকা', 'ஜிமிக்கி', 'జుంకాలు', 'झुमके', 'ઝુમખાં', 'ಜುಮುಕಿ', 'ജിമിക്കി', 'ਝੁਮਕੇ'];
    for (const q of queries) expect(await productIds(q), q).toContain(goods.jhumkaLatin);
  });

  it('finds a Tamil saree from every spelling and script, through the dictionary', async () => {
    const queries = ['saree', 'sari', 'saaree', 'साड़ी', 'শাড়ি', 'புடவை', 'చీర', 'साडी', 'સાડી', 'ಸೀರೆ', 'സാരി', 'ਸਾੜੀ', 'silk saree'];
    for (const q of queries) expect(await productIds(q), q).toContain(goods.tamilSaree);
  });

  it('forgives a typo', async () => {
    for (const q of ['earings', 'earring', 'earrngs']) expect(await productIds(q), q).toContain(goods.earrings);
    expect(await productIds('earings')).not.toContain(goods.jhumkaLatin);
  });

  it('finds nothing for letters that spell nothing, yet forgives a typo in a store or a show', async () => {
    const nothing = await search('qqqxz');
    expect([nothing.products, nothing.shows, nothing.stores]).toEqual([[], [], []]);
    expect((await search('jewl', '&type=stores')).stores.map((s) => s.id)).toEqual([jeweller.sellerId]);
    expect((await search('jhumka evning', '&type=shows')).shows.map((s) => s.id)).toContain(shows.upcoming);
  });

  it('ranks the best seller first among equal matches', async () => {
    const ids = await productIds('kundan choker');
    expect(ids.slice(0, 2)).toEqual([goods.kundanPopular, goods.kundanQuiet]);
  });

  it('lists live shows before upcoming ones, and leaves out ended shows, inactive products and suspended stores', async () => {
    const all = await search('jhumka');
    expect(all.shows.map((s) => s.id)).toEqual([shows.live, shows.upcoming]);
    expect(all.shows[0]!.storeName).toBe("Jewel's Store");
    expect(all.shows[1]!.scheduledFor).not.toBeNull();
    const everything = [...all.products, ...all.shows].map((i) => i.id);
    for (const gone of [goods.hidden, goods.banned, shows.ended, shows.banned]) expect(everything).not.toContain(gone);
    expect(all.stores.map((s) => s.storeName)).not.toContain("Banned's Store");
  });

  it('finds stores by name, and pages through every matching product once', async () => {
    const stores = await search('jewel', '&type=stores');
    expect(stores.stores.map((s) => s.id)).toEqual([jeweller.sellerId]);
    expect((await search('banned', '&type=stores')).stores).toEqual([]);

    const first = await search('glass bangle', '&type=products');
    expect(first.products).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await search('glass bangle', `&type=products&cursor=${first.nextCursor}`);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.products, ...second.products].map((p) => p.id).filter((id) => bangles.includes(id));
    expect(new Set(seen).size).toBe(bangles.length);
  });

  it('writes the key of a product created through the API', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: jeweller.cookie },
      payload: { name: 'ಕೆಂಪು ಸೀರೆ', price: '1999', category: 'fashion', stockQuantity: 2, countryOfOrigin: 'IN' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await productIds('red saree')).toContain(res.json().id);
  });

  it('answers 400 with the reason for an empty, long or malformed query', async () => {
    const cases: [string, string][] = [
      ['q=', 'Type something to search for'],
      [`q=${'a'.repeat(101)}`, 'That search is too long'],
      ['q=saree&type=cars', 'Choose all, products, shows or stores'],
      ['q=saree&cursor=nonsense', 'Invalid cursor'],
      [`q=saree&cursor=${Buffer.from('w-1').toString('base64url')}`, 'Invalid cursor'],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }
    expect(await search('!!!')).toEqual({ products: [], shows: [], stores: [], nextCursor: null });
  });
});

describe('GET /api/search/suggest', () => {
  async function suggest(q: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return SearchSuggestions.parse(res.json()).suggestions;
  }

  it('completes product names, shows and categories as they are typed, in any script', async () => {
    const texts = (await suggest('jhum')).map((s) => s.text);
    expect(texts).toEqual(expect.arrayContaining(['Jhumka set', 'झुमका']));
    expect(texts).not.toContain('Jhumka hidden');
    expect((await suggest('झुम')).map((s) => s.text)).toContain('Jhumka set');
    expect(await suggest('jewel')).toContainEqual({ text: 'jewelry', kind: 'category', category: 'jewelry' });
    expect(await suggest('गहने')).toContainEqual({ text: 'गहने', kind: 'category', category: 'jewelry' });
    expect((await suggest('glass')).length).toBeLessThanOrEqual(8);
    expect(await suggest('kundan ch')).toContainEqual({ text: 'Kundan choker', kind: 'product' });
    // Nothing begins so: a typo in the last word, among names beginning with the words before it.
    expect(await suggest('kundan xhoker')).toContainEqual({ text: 'Kundan choker', kind: 'product' });
  });

  it('completes from any word of a name, and follows renames, deactivation and deletion', async () => {
    const { db } = t.database;
    const texts = async (q: string) => (await suggest(q)).map((s) => s.text);
    expect(await texts('set')).toContain('Jhumka set');
    expect(await texts('jhumka s')).toEqual(expect.arrayContaining(['Jhumka set']));
    expect(await texts('jhumka s')).not.toContain('Jhumka sale'); // a suspended store's show
    expect(await texts('jhumka ye')).not.toContain('Jhumka yesterday'); // ended
    const id = await makeProduct(db, jeweller.sellerId, { name: 'Meenakari tikka' }).then((p) => p.id);
    await backfillSearchKeys(db);
    expect(await texts('tik')).toContain('Meenakari tikka');
    await db.update(products).set({ name: 'Meenakari pendant', searchKey: searchKey('Meenakari pendant') }).where(eq(products.id, id));
    expect(await texts('tik')).not.toContain('Meenakari tikka');
    expect(await texts('pend')).toContain('Meenakari pendant');
    await db.update(products).set({ isActive: false }).where(eq(products.id, id));
    expect(await texts('pend')).not.toContain('Meenakari pendant');
    await db.update(products).set({ isActive: true }).where(eq(products.id, id));
    expect(await texts('pend')).toContain('Meenakari pendant');
    await db.delete(products).where(eq(products.id, id));
    expect(await texts('pend')).not.toContain('Meenakari pendant');
    expect(await db.select().from(searchCompletions).where(eq(searchCompletions.sourceId, id))).toEqual([]);
  });

  it('answers 400 for an empty query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Type something to search for' });
  });
});
