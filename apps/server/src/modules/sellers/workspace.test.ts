import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { notifications, orders } from '../shopper/tables.js';
import { reviewSubmission } from './review.js';
import { sellers } from './tables.js';

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('seller dashboard figures', () => {
  it('adds up paid or delivered orders, counts active products, and the live stream’s sales', async () => {
    await makeProduct(t.database.db, seller.sellerId);
    await makeProduct(t.database.db, seller.sellerId);
    await makeProduct(t.database.db, seller.sellerId, { isActive: false });
    const streamId = await goLive(t.app, seller);
    const order = (o: Partial<typeof orders.$inferInsert>) => ({ userId: shopper.id, sellerId: seller.sellerId, totalAmount: '0', ...o });
    await t.database.db.insert(orders).values([
      order({ totalAmount: '1000.50', paymentStatus: 'paid', status: 'confirmed' }), // a sale
      order({ totalAmount: '250.25', paymentStatus: 'pending', status: 'delivered' }), // cash on delivery, delivered: a sale
      order({ totalAmount: '999.00', paymentStatus: 'pending', status: 'pending' }), // not yet
      order({ totalAmount: '400.00', paymentStatus: 'refunded', status: 'cancelled' }), // not a sale
      order({ totalAmount: '300.00', paymentStatus: 'paid', status: 'shipped', streamId }), // a sale during the live stream
      order({ totalAmount: '50.00', paymentStatus: 'pending', status: 'pending', streamId }), // a live order, no sale yet
      order({ totalAmount: '75.00', paymentStatus: 'failed', status: 'cancelled', streamId }), // payment failed: not a live order
    ]);
    const res = await get('/api/seller/dashboard', seller.cookie);
    expect(res.statusCode).toBe(200);
    // 1000.50 + 250.25 + 300.00 = 1550.75; live: 300.00 from 2 orders.
    expect(res.json()).toEqual({ followersCount: 0, totalSales: '1550.75', activeProducts: 2, liveStreamId: streamId, liveSales: '300.00', liveOrders: 2 });
    // One figure from one source: the store in /api/auth/user and on its profile says the same.
    expect((await get('/api/auth/user', seller.cookie)).json().seller.totalSales).toBe('1550.75');
    expect((await get(`/api/sellers/${seller.sellerId}`, shopper.cookie)).json().totalSales).toBe('1550.75');
    expect((await get('/api/seller/dashboard', shopper.cookie)).statusCode).toBe(403);

    const offAir = await makeSeller(t.app, t.database.db, 'Offair');
    expect((await get('/api/seller/dashboard', offAir.cookie)).json()).toMatchObject({ liveStreamId: null, liveSales: '0.00', liveOrders: 0 });
  });

  it("lets a seller read only their own orders by user id", async () => {
    const mine = await get(`/api/orders/seller/${seller.id}`, seller.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toHaveLength(7);
    expect(mine.json()[0]).toMatchObject({ totalAmount: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect((await get(`/api/orders/seller/${seller.id}`, shopper.cookie)).statusCode).toBe(403);
  });
});

describe('verification', () => {
  const valid = { businessName: "Priya's Kundan House", businessAddress: 'Johari Bazaar, Jaipur', businessPhone: '9876543210', gstNumber: '27AAPFU0939F1ZV', panNumber: 'AAPFU0939F' };

  it('refuses shoppers without a store, bad PANs and GSTINs that fail the check or lack the PAN', async () => {
    expect((await post('/api/seller/verification', shopper.cookie, valid)).statusCode).toBe(403);
    const badPan = await post('/api/seller/verification', seller.cookie, { ...valid, panNumber: 'AAPXU0939F', gstNumber: '' });
    expect(badPan.json().message).toBe('Enter a valid PAN, like ABCPE1234F');
    const badCheck = await post('/api/seller/verification', seller.cookie, { ...valid, gstNumber: '27AAPFU0939F1ZW' });
    expect(badCheck.json().message).toBe('Enter a valid 15-character GSTIN');
    const badState = await post('/api/seller/verification', seller.cookie, { ...valid, gstNumber: '72AAPFU0939F1ZV' });
    expect(badState.statusCode).toBe(400);
    const otherPan = await post('/api/seller/verification', seller.cookie, { ...valid, gstNumber: '29AABCT1332L1ZA' });
    expect(otherPan.json().message).toBe('The GSTIN must contain your PAN');
    const short = await post('/api/seller/verification', seller.cookie, { ...valid, businessPhone: '98765' });
    expect(short.json().message).toBe('Valid phone number required');
  });

  it('accepts one pending submission at a time; an operator approval verifies the store and tells the seller', async () => {
    const first = await post('/api/seller/verification', seller.cookie, valid);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'pending' });
    const again = await post('/api/seller/verification', seller.cookie, valid);
    expect(again.statusCode).toBe(409);

    await reviewSubmission(t.database.db, first.json().id, { approve: true, level: 'gold' });
    const [store] = await t.database.db.select().from(sellers).where(eq(sellers.id, seller.sellerId));
    expect(store).toMatchObject({ isVerified: true, verificationLevel: 'gold' });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(notes.map((n) => n.title)).toContain('Your store is verified');
    await expect(reviewSubmission(t.database.db, first.json().id, { approve: false })).rejects.toThrow('This verification has been decided already');
    // Reviewed: a new application may be sent.
    expect((await post('/api/seller/verification', seller.cookie, valid)).statusCode).toBe(201);
  });
});

describe('product rules', () => {
  const body = { name: 'Jhumkas', price: '1499', category: 'jewelry', countryOfOrigin: 'IN' };
  it('refuses a zero price and an original price below the price', async () => {
    expect((await post('/api/products', seller.cookie, { ...body, price: '0' })).json().message).toBe('Price must be more than ₹0');
    expect((await post('/api/products', seller.cookie, { ...body, originalPrice: '999' })).json().message).toBe('Original price cannot be lower than the price');
    expect((await post('/api/products', seller.cookie, { ...body, originalPrice: '' })).statusCode).toBe(201);
    expect((await post('/api/products', seller.cookie, { ...body, imageUrl: 'https://evil.example/x.png' })).statusCode).toBe(400);
  });
});
