import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { goLive, makeProduct, makeSeller, type TestSeller } from '../testing/fixtures.js';
import { call } from '../testing/commerce.js';
import { auctions } from '../modules/auctions/tables.js';
import { deals } from '../modules/deals/tables.js';
import { products } from '../modules/products/index.js';

// Issue 25 item 3: amounts and counts the database refuses are refused by the contract first, with a
// 400 that carries the message the seller's form shows (never the CHECK's 500), and nothing is stored.
let t: TestApp;
let seller: TestSeller;
let streamId: string;
let productId: string;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db);
  streamId = await goLive(t.app, seller);
  productId = (await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 5, price: '1299.00' })).id;
});
afterAll(() => t.close());

describe('zero amounts', () => {
  it.each(['0', '0.00'])('refuses a flash deal at %j rupees with the form’s message', async (dealPrice) => {
    const res = await call(t.app, 'POST', `/api/streams/${streamId}/deals`, seller, { productId, dealPrice, units: 1, perBuyerLimit: 1, durationSeconds: 60 });
    expect([res.statusCode, res.json().message]).toEqual([400, 'The deal price must be more than ₹0']);
    expect(await t.database.db.select({ n: count() }).from(deals)).toEqual([{ n: 0 }]);
  });

  it.each(['0', '0.0'])('refuses an auction starting at %j rupees with the form’s message', async (startingBid) => {
    const res = await call(t.app, 'POST', `/api/streams/${streamId}/auctions`, seller, { productId, startingBid, durationSeconds: 30 });
    expect([res.statusCode, res.json().message]).toEqual([400, 'The starting bid must be more than ₹0']);
    expect(await t.database.db.select({ n: count() }).from(auctions)).toEqual([{ n: 0 }]);
  });

  it('says it in the seller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/deals`,
      headers: { cookie: `${seller.cookie}; language=hi` },
      payload: { productId, dealPrice: '0', units: 1, perBuyerLimit: 1, durationSeconds: 60 },
    });
    expect([res.statusCode, res.json().message]).toEqual([400, 'डील की कीमत ₹0 से ज़्यादा होनी चाहिए']);
  });
});

describe('whole numbers', () => {
  const product = { name: 'Kundan set', price: '2499', category: 'jewelry' };

  it.each([true, '0x10', '1e3', '12.5'])('refuses a stock quantity of %j instead of reading it as a number', async (stockQuantity) => {
    const res = await call(t.app, 'PATCH', `/api/products/${productId}`, seller, { ...product, stockQuantity });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Stock must be a whole number']);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
    expect(row!.stockQuantity).not.toBe(16);
    expect(row!.stockQuantity).not.toBe(1000);
  });

  it('takes a whole number as JSON or as the form’s digits, and a blank field as the default 0', async () => {
    for (const [stockQuantity, stored] of [[7, 7], ['12', 12], [' ', 0]] as const) {
      const res = await call(t.app, 'PATCH', `/api/products/${productId}`, seller, { ...product, stockQuantity });
      expect([res.statusCode, res.json().stockQuantity]).toEqual([200, stored]);
    }
  });

  it.each([true, '0x2'])('refuses a cart quantity of %j', async (quantity) => {
    const res = await call(t.app, 'POST', '/api/cart/items', seller, { productId, quantity });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Quantity must be a whole number']);
  });
});
