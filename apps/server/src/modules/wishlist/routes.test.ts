import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WishlistItem, WishlistItemList } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeProduct, makeSeller, makeUser, type TestUser } from '../../testing/fixtures.js';

let t: TestApp;
let rahul: TestUser;
let sneha: TestUser;
let sellerId: string;
beforeAll(async () => {
  t = await buildTestApp();
  sellerId = (await makeSeller(t.app, t.database.db)).sellerId;
  rahul = await makeUser(t.app, 'Rahul');
  sneha = await makeUser(t.app, 'Sneha');
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
const add = (productId: string, who = rahul) => call('POST', '/api/wishlist', who, { productId });
const list = async (who = rahul) => WishlistItemList.parse((await call('GET', '/api/wishlist', who)).json());

describe('wishlist', () => {
  it('adds a product once: the second add returns the same item with 200', async () => {
    const product = await makeProduct(t.database.db, sellerId, { name: 'Jhumka earrings', price: '799.00', originalPrice: '999.00', imageUrl: '/demo/jhumka.webp' });
    const first = await add(product.id);
    expect(first.statusCode).toBe(201);
    const item = WishlistItem.parse(first.json());
    expect(item).toMatchObject({ productId: product.id, name: 'Jhumka earrings', price: '799.00', originalPrice: '999.00', imageUrl: '/demo/jhumka.webp', isAvailable: true });
    const again = await add(product.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(item.id);
    expect((await list()).filter((i) => i.productId === product.id)).toHaveLength(1);
  });

  it('keeps one item when the same product is added twice at once', async () => {
    const product = await makeProduct(t.database.db, sellerId);
    const both = await Promise.all([add(product.id), add(product.id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => r.json().id)).size).toBe(1);
  });

  it('lists only my items, newest first', async () => {
    const older = await makeProduct(t.database.db, sellerId, { name: 'Older' });
    const newer = await makeProduct(t.database.db, sellerId, { name: 'Newer' });
    await add(older.id, sneha);
    await add(newer.id, sneha);
    expect((await list(sneha)).map((i) => i.name)).toEqual(['Newer', 'Older']);
    expect((await list()).map((i) => i.productId)).not.toContain(newer.id);
  });

  it('answers 404 for an unknown or inactive product and 400 for a bad id', async () => {
    expect((await add('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const hidden = await makeProduct(t.database.db, sellerId, { isActive: false });
    expect((await add(hidden.id)).statusCode).toBe(404);
    expect((await add('not-a-uuid')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/wishlist' })).statusCode).toBe(401);
  });

  it("removes only my own items: someone else's id answers 404", async () => {
    const product = await makeProduct(t.database.db, sellerId);
    const item = WishlistItem.parse((await add(product.id)).json());
    expect((await call('DELETE', `/api/wishlist/${item.id}`, sneha)).statusCode).toBe(404);
    expect((await list()).map((i) => i.id)).toContain(item.id);
    expect((await call('DELETE', `/api/wishlist/${item.id}`, rahul)).statusCode).toBe(204);
    expect((await list()).map((i) => i.id)).not.toContain(item.id);
    expect((await call('DELETE', `/api/wishlist/${item.id}`, rahul)).statusCode).toBe(404);
  });

  it('marks an item unavailable when it is out of stock', async () => {
    const product = await makeProduct(t.database.db, sellerId, { stockQuantity: 0 });
    expect(WishlistItem.parse((await add(product.id)).json()).isAvailable).toBe(false);
  });
});
