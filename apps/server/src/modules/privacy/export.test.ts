import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, placeOrder, saveAddress, shipAndDeliver } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { user } from '../auth/tables.js';
import { PRIVACY_NOTICE_VERSION } from './consents.js';

// Issue 28, item 4: a user's download holds what is theirs, and nothing of anyone else's.
let t: TestApp;
let seller: TestSeller;
let ravi: TestUser;
let kiran: TestUser;

async function buyAndReview(who: TestUser, text: string) {
  const product = await makeProduct(t.database.db, seller.sellerId, { price: '400.00', stockQuantity: 5 });
  const placed = (await placeOrder(t.app, who, { addressId: await saveAddress(t.app, who), productId: product.id })).json();
  await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, who, { outcome: 'success' });
  await shipAndDeliver(t.app, seller, placed.order.id);
  await call(t.app, 'POST', `/api/orders/${placed.order.id}/reviews`, who, { orderItemId: placed.order.items[0].id, rating: 5, text });
  await call(t.app, 'POST', `/api/sellers/${seller.sellerId}/follow`, who);
  await call(t.app, 'POST', '/api/support/tickets', who, { orderId: placed.order.id, category: 'delivery', message: `${text}: where is it?` });
  return placed.order.id as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db, 'Asha');
  ravi = await makeUser(t.app, 'Ravi');
  kiran = await makeUser(t.app, 'Kiran');
});
afterAll(() => t.close());

describe('GET /api/me/export', () => {
  it('is a download of the user’s profile, orders with their lines, reviews, follows, tickets and sessions, without secrets', async () => {
    const orderId = await buyAndReview(ravi, 'Lovely jhumka');
    await buyAndReview(kiran, 'Kiran was here');
    const res = await call(t.app, 'GET', '/api/me/export', ravi);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="livemarket-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: ravi.id, firstName: 'Ravi' });
    expect(data.tables.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(data.tables.order_items).toHaveLength(1);
    expect(data.tables.addresses).toHaveLength(1);
    expect(data.tables.reviews[0].text).toBe('Lovely jhumka');
    expect(data.tables.follows).toHaveLength(1);
    expect(data.tables.support_messages[0].body).toBe('Lovely jhumka: where is it?');
    expect(data.tables.session.length).toBeGreaterThan(0);
    // No sign-in secrets, even the user's own.
    expect(res.body).not.toMatch(/"(token|password|accessToken|refreshToken|idToken)"/);
    expect(res.body).not.toContain(ravi.cookie.split('=')[1]!.split(';')[0]!);
    // Nothing of Kiran's: not his id, his name, his phone or his words.
    const [k] = await t.database.db.select().from(user).where(eq(user.id, kiran.id));
    for (const theirs of [kiran.id, 'Kiran', k!.phoneNumber!]) expect(res.body).not.toContain(theirs);
  });

  it('holds the consent given at sign-in: the notice shown on the sign-in page, by version and language', async () => {
    const page = await t.app.inject({ url: '/api/login', headers: { 'accept-language': 'ta' } });
    expect(page.body).toContain('உங்கள் தனியுரிமை:');
    const data = (await call(t.app, 'GET', '/api/me/export', ravi)).json();
    expect(data.tables.consents).toEqual([expect.objectContaining({ noticeVersion: PRIVACY_NOTICE_VERSION, language: expect.any(String) })]);
  });

  it('is for the signed-in user only', async () => {
    expect((await call(t.app, 'GET', '/api/me/export', null)).statusCode).toBe(401);
    // Erasure too: only ever one's own account, never one named in the request.
    expect((await call(t.app, 'POST', '/api/me/delete', null, { confirm: true })).statusCode).toBe(401);
  });
});
