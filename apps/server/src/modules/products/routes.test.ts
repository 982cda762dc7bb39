import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, cookie: string, payload: object) => t.app.inject({ method, url, headers: { cookie }, payload });
const body = { name: 'Temple jhumkas', description: 'Gold-plated', price: '1499', originalPrice: '1999.50', category: 'jewelry', stockQuantity: '12' };

describe('products', () => {
  it('lets a seller add a product with exact rupee prices', async () => {
    const res = await send('POST', '/api/products', seller.cookie, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Temple jhumkas', price: '1499.00', originalPrice: '1999.50', stockQuantity: 12, isActive: true, sellerId: seller.sellerId });
  });

  it("refuses shoppers, missing names and prices, and other stores' products", async () => {
    expect((await send('POST', '/api/products', shopper.cookie, body)).statusCode).toBe(403);
    const missing = await send('POST', '/api/products', seller.cookie, { ...body, name: ' ' });
    expect(missing.json().message).toBe('Please fill in required fields');
    expect((await send('POST', '/api/products', seller.cookie, { ...body, price: '12.345' })).statusCode).toBe(400);
    const created = (await send('POST', '/api/products', seller.cookie, body)).json();
    const rival = await makeSeller(t.app, t.database.db, 'Rival');
    expect((await send('PATCH', `/api/products/${created.id}`, rival.cookie, body)).statusCode).toBe(403);
  });

  it('edits a product; omitting the original price clears it; stock defaults to 0', async () => {
    const created = (await send('POST', '/api/products', seller.cookie, body)).json();
    const res = await send('PATCH', `/api/products/${created.id}`, seller.cookie, { name: 'Temple jhumkas (large)', price: '1799', category: 'jewelry' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Temple jhumkas (large)', price: '1799.00', originalPrice: null, stockQuantity: 0 });
    const list = (await t.app.inject({ method: 'GET', url: `/api/products/seller/${seller.sellerId}`, headers: { cookie: shopper.cookie } })).json();
    expect(list.map((p: { name: string }) => p.name)).toContain('Temple jhumkas (large)');
  });
});
