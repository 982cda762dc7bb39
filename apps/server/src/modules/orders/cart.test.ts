import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { ADDRESS, call } from '../../testing/commerce.js';
import { products } from '../products/index.js';

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
  other = await makeUser(t.app, 'Sneha');
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: TestUser | null, payload?: object) => call(t.app, method, url, who, payload);

describe('the cart', () => {
  it('adds, increments, totals in exact rupees, and keeps each user to their own cart', async () => {
    const necklace = await makeProduct(t.database.db, seller.sellerId, { price: '2499.50', stockQuantity: 5 });
    expect((await req('GET', '/api/cart', null)).statusCode).toBe(401);
    expect((await req('POST', '/api/cart/items', shopper, { productId: necklace.id })).json().items[0].quantity).toBe(1);
    const cart = (await req('POST', '/api/cart/items', shopper, { productId: necklace.id, quantity: 2 })).json();
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ productId: necklace.id, quantity: 3, price: '2499.50', storeName: "Priya's Store", stockQuantity: 5, isActive: true });
    expect(cart.totalAmount).toBe('7498.50');
    expect((await req('GET', '/api/cart', other)).json()).toEqual({ items: [], totalAmount: '0.00' });

    const itemId = cart.items[0].id;
    // Someone else's line does not exist for them.
    expect((await req('PATCH', `/api/cart/items/${itemId}`, other, { quantity: 1 })).json()).toEqual({ message: 'Cart item not found' });
    expect((await req('DELETE', `/api/cart/items/${itemId}`, other)).statusCode).toBe(404);
    expect((await req('PATCH', `/api/cart/items/${itemId}`, shopper, { quantity: 1 })).json().totalAmount).toBe('2499.50');
    expect((await req('DELETE', `/api/cart/items/${itemId}`, shopper)).json()).toEqual({ items: [], totalAmount: '0.00' });
  });

  it('refuses more than the stock, out-of-stock and unknown products, with readable messages', async () => {
    const few = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 2 });
    const none = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 0 });
    const hidden = await makeProduct(t.database.db, seller.sellerId, { isActive: false });
    const add = (productId: string, quantity: number) => req('POST', '/api/cart/items', other, { productId, quantity });

    const tooMany = await add(few.id, 3);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([409, 'Only 2 left in stock']);
    expect((await add(none.id, 1)).json()).toEqual({ message: 'Out of stock' });
    expect((await add(hidden.id, 1)).statusCode).toBe(404);
    expect((await add('7f1c0e1e-4a55-4d8a-9a53-2a1d2f0f2b11', 1)).json()).toEqual({ message: 'Product not found' });
    expect((await add(few.id, 0)).json().message).toBe('Quantity must be at least 1');
    expect((await add(few.id, 11)).json().message).toBe('At most 10 of one product per order');
    // A refused add leaves the cart as it was.
    expect((await req('GET', '/api/cart', other)).json().items).toEqual([]);

    const line = (await add(few.id, 2)).json().items[0];
    expect((await req('PATCH', `/api/cart/items/${line.id}`, other, { quantity: 3 })).json()).toEqual({ message: 'Only 2 left in stock' });
    // Deactivated later: still listed, not counted.
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, few.id));
    const cart = (await req('GET', '/api/cart', other)).json();
    expect(cart.items[0].isActive).toBe(false);
    expect(cart.totalAmount).toBe('0.00');
  });

  it('does not let a seller put their own product in the cart', async () => {
    const own = await makeProduct(t.database.db, seller.sellerId);
    const res = await req('POST', '/api/cart/items', seller, { productId: own.id });
    expect([res.statusCode, res.json().message]).toEqual([403, 'You cannot buy from your own store']);
  });
});

describe('delivery addresses', () => {
  it('saves an Indian address with its mobile number normalised, lists and deletes only your own', async () => {
    const saved = await req('POST', '/api/addresses', shopper, ADDRESS);
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({ ...ADDRESS, phone: '9876543210', line2: '' });
    expect((await req('GET', '/api/addresses', shopper)).json()).toEqual([saved.json()]);
    expect((await req('GET', '/api/addresses', other)).json()).toEqual([]);
    expect((await req('DELETE', `/api/addresses/${saved.json().id}`, other)).json()).toEqual({ message: 'Address not found' });
    expect((await req('DELETE', `/api/addresses/${saved.json().id}`, shopper)).statusCode).toBe(204);
    expect((await req('GET', '/api/addresses', shopper)).json()).toEqual([]);
  });

  it('explains what is wrong with an address', async () => {
    const bad = async (patch: object) => (await req('POST', '/api/addresses', shopper, { ...ADDRESS, ...patch })).json().message;
    expect(await bad({ phone: '12345' })).toBe('Enter a 10-digit mobile number');
    expect(await bad({ pincode: '01234' })).toBe('Enter a 6-digit PIN code');
    expect(await bad({ state: 'Atlantis' })).toBe('Choose your state or union territory');
    expect(await bad({ name: '  ' })).toBe('Enter the name of the person receiving the order');
    expect(await bad({ city: '' })).toBe('Enter your city or town');
  });

  it('keeps at most 10 addresses per user', async () => {
    const u = await makeUser(t.app, 'Many');
    for (let i = 0; i < 10; i++) expect((await req('POST', '/api/addresses', u, ADDRESS)).statusCode).toBe(201);
    const eleventh = await req('POST', '/api/addresses', u, ADDRESS);
    expect([eleventh.statusCode, eleventh.json().message]).toEqual([409, 'You can save at most 10 addresses']);
  });
});
