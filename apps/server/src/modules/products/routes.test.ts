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
const body = { name: 'Temple jhumkas', description: 'Gold-plated', price: '1499', originalPrice: '1999.50', category: 'jewelry', countryOfOrigin: 'IN', stockQuantity: '12' };

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

  it('refuses prices, stock and text the rules do not allow, and leaves nothing behind', async () => {
    const cases: [object, string][] = [
      [{ price: '0' }, 'Price must be more than ₹0'],
      [{ price: '-5' }, 'Enter the price in rupees, e.g. 2499 or 2499.50'],
      [{ originalPrice: '999' }, 'Original price cannot be lower than the price'],
      [{ stockQuantity: -1 }, 'Stock cannot be negative'],
      [{ stockQuantity: 1.5 }, 'Stock must be a whole number'],
      [{ name: 'x'.repeat(121) }, 'Name is too long'],
      [{ description: 'x'.repeat(2001) }, 'Description is too long'],
      [{ imageUrl: 'https://elsewhere.example/p.jpg' }, 'Upload the photo first'],
    ];
    const before = (await t.app.inject({ method: 'GET', url: `/api/products/seller/${seller.sellerId}`, headers: { cookie: seller.cookie } })).json().length;
    for (const [change, message] of cases) {
      const res = await send('POST', '/api/products', seller.cookie, { ...body, ...change });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/products/seller/${seller.sellerId}`, headers: { cookie: seller.cookie } })).json()).toHaveLength(before);
    const unknown = await send('PATCH', '/api/products/00000000-0000-4000-8000-000000000000', seller.cookie, body);
    expect(unknown.statusCode).toBe(404);
  });

  it('edits a product; omitting the original price clears it; stock defaults to 0', async () => {
    const created = (await send('POST', '/api/products', seller.cookie, body)).json();
    const res = await send('PATCH', `/api/products/${created.id}`, seller.cookie, { name: 'Temple jhumkas (large)', price: '1799', category: 'jewelry' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Temple jhumkas (large)', price: '1799.00', originalPrice: null, stockQuantity: 0 });
    const list = (await t.app.inject({ method: 'GET', url: `/api/products/seller/${seller.sellerId}`, headers: { cookie: shopper.cookie } })).json();
    expect(list.map((p: { name: string }) => p.name)).toContain('Temple jhumkas (large)');
  });

  it('keeps the packed weight the seller gives (500 g when not given, unchanged by an edit without it) and refuses one outside 1 g–30 kg', async () => {
    const unweighed = (await send('POST', '/api/products', seller.cookie, body)).json();
    expect(unweighed.weightGrams).toBe(500);
    const weighed = (await send('POST', '/api/products', seller.cookie, { ...body, weightGrams: '1250' })).json();
    expect(weighed.weightGrams).toBe(1250);
    const edited = await send('PATCH', `/api/products/${weighed.id}`, seller.cookie, { name: 'Temple jhumkas', price: '1499', category: 'jewelry' });
    expect(edited.json().weightGrams).toBe(1250);
    for (const [weightGrams, message] of [
      ['0', 'Weight must be between 1 g and 30 kg'],
      [30_001, 'Weight must be between 1 g and 30 kg'],
      ['1.5', 'Weight must be a whole number of grams'],
    ] as const) {
      const refused = await send('PATCH', `/api/products/${weighed.id}`, seller.cookie, { ...body, weightGrams });
      expect([refused.statusCode, refused.json().message]).toEqual([400, message]);
    }
    expect((await send('PATCH', `/api/products/${weighed.id}`, seller.cookie, { ...body, weightGrams: 800 })).json().weightGrams).toBe(800);
  });

  it('requires a country of origin on a new product, keeps the return policy, and refuses a policy the rules do not offer', async () => {
    const { countryOfOrigin: _c, ...unstated } = body;
    const refused = await send('POST', '/api/products', seller.cookie, unstated);
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Choose the country of origin']);
    expect((await send('POST', '/api/products', seller.cookie, { ...body, countryOfOrigin: 'XX' })).json().message).toBe('Choose the country of origin');
    const made = (await send('POST', '/api/products', seller.cookie, { ...body, countryOfOrigin: 'lk' })).json();
    expect(made).toMatchObject({ countryOfOrigin: 'LK', returnDays: 7 });
    const beauty = (await send('POST', '/api/products', seller.cookie, { ...body, category: 'beauty' })).json();
    expect(beauty.returnDays).toBe(0);
    const edited = await send('PATCH', `/api/products/${made.id}`, seller.cookie, { name: 'Temple jhumkas', price: '1499', category: 'jewelry', returnDays: 15 });
    expect(edited.json()).toMatchObject({ countryOfOrigin: 'LK', returnDays: 15 });
    const odd = await send('PATCH', `/api/products/${made.id}`, seller.cookie, { ...body, returnDays: 12 });
    expect([odd.statusCode, odd.json().message]).toEqual([400, 'Choose a return policy']);
  });

  it('shows a shopper who sells an active product: the legal name, address and GSTIN from the business details', async () => {
    const made = (await send('POST', '/api/products', seller.cookie, body)).json();
    const page = async (id: string, cookie = shopper.cookie) => t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: { cookie } });
    expect((await page(made.id)).json().soldBy).toEqual({
      sellerId: seller.sellerId,
      storeName: expect.any(String),
      legalName: null,
      address: null,
      state: null,
      gstin: null,
      enrolmentNumber: null,
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/seller/business',
      headers: { cookie: seller.cookie },
      payload: { legalName: 'Meenakshi Crafts Private Limited', address: '12 Temple Street, Madurai 625001', stateCode: '33', gstin: '33ABCDE1234F1Z5' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = (await page(made.id)).json();
    expect(shown.product).toMatchObject({ id: made.id, countryOfOrigin: 'IN', returnDays: 7, originalPrice: '1999.50' });
    expect(shown.soldBy).toMatchObject({ legalName: 'Meenakshi Crafts Private Limited', address: '12 Temple Street, Madurai 625001', state: 'Tamil Nadu', gstin: '33ABCDE1234F1Z5' });
    await send('PATCH', `/api/products/${made.id}`, seller.cookie, { ...body, isActive: false });
    expect((await page(made.id)).statusCode).toBe(404);
    expect((await page('nope')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${made.id}` })).statusCode).toBe(401);
  });
});
