import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, placeOrder, saveAddress, shipAndDeliver } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { reviewerName } from './service.js';

// Issue 28, item 1: only the buyer of a delivered item reviews it, once; the store replies once; the
// rating is the reviews' own.
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let addressId: string;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db, 'Asha');
  buyer = await makeUser(t.app, 'Ravi');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

/** A paid order of `n` products; delivered unless told otherwise. */
async function bought(n: number, deliver = true) {
  const products = await Promise.all(Array.from({ length: n }, (_, i) => makeProduct(t.database.db, seller.sellerId, { name: `Jhumka ${i}`, price: '500.00', stockQuantity: 3 })));
  const placed = (await placeOrder(t.app, buyer, { addressId, items: products.map((p) => ({ productId: p.id, quantity: 1 })) })).json();
  await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
  if (deliver) await shipAndDeliver(t.app, seller, placed.order.id);
  const lines = placed.order.items as Array<{ id: string; name: string }>;
  return { orderId: placed.order.id as string, items: lines.map((i) => i.id), names: lines.map((i) => i.name) };
}

const review = (orderId: string, who: TestUser | null, body: object) => call(t.app, 'POST', `/api/orders/${orderId}/reviews`, who, body);
const storeReviews = async (cursor?: string) => (await call(t.app, 'GET', `/api/sellers/${seller.sellerId}/reviews${cursor ? `?cursor=${cursor}` : ''}`, null)).json();

describe('reviews', () => {
  it('name their buyer by first name and initial, and no one once the account is gone', () => {
    expect(reviewerName('Ravi', 'Kumar', false)).toBe('Ravi K.');
    expect(reviewerName('அருண்', 'ஸ்ரீனிவாசன்', false)).toMatch(/^அருண் ஸ்(ரீ)?\.$/);
    expect(reviewerName(null, null, false)).toBe('Shopper');
    expect(reviewerName('Ravi', 'Kumar', true)).toBeNull();
  });

  it('come only from the buyer, after delivery, once per item; the store replies once', async () => {
    const waiting = await bought(1, false);
    expect((await review(waiting.orderId, buyer, { orderItemId: waiting.items[0], rating: 5 })).statusCode).toBe(403);
    const { orderId, items, names } = await bought(2);
    const stranger = await makeUser(t.app, 'Kiran');
    expect((await review(orderId, stranger, { orderItemId: items[0], rating: 1 })).statusCode).toBe(403);
    expect((await review(orderId, seller, { orderItemId: items[0], rating: 5 })).statusCode).toBe(403);
    expect((await review(orderId, null, { orderItemId: items[0], rating: 5 })).statusCode).toBe(401);
    expect((await review(orderId, buyer, { orderItemId: items[0], rating: 6 })).json().message).toBe('Choose 1 to 5 stars');
    expect((await review(orderId, buyer, { orderItemId: waiting.items[0], rating: 4 })).statusCode).toBe(404);
    const link = await review(orderId, buyer, { orderItemId: items[0], rating: 4, text: 'Call me on 98765 43210' });
    expect([link.statusCode, link.json().message]).toEqual([400, 'Links and phone numbers are not allowed in reviews']);

    const made = await review(orderId, buyer, { orderItemId: items[0], rating: 4, text: '  Lovely finish, a little small ' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ rating: 4, text: 'Lovely finish, a little small', buyerName: 'Ravi', productName: names[0], reply: null });
    // The store hears of it, in its own words.
    const told = (await call(t.app, 'GET', '/api/notifications', seller)).json() as Array<{ title: string; message: string }>;
    expect(told).toContainEqual(expect.objectContaining({ title: 'New review', message: `Ravi gave 4 stars to ${names[0]}. Open your dashboard to read it and reply.` }));
    const again = await review(orderId, buyer, { orderItemId: items[0], rating: 1 });
    expect([again.statusCode, again.json().message]).toEqual([409, 'You have reviewed this item already']);
    expect((await call(t.app, 'GET', `/api/orders/${orderId}/reviews`, buyer)).json().map((r: { orderItemId: string }) => r.orderItemId)).toEqual([items[0]]);
    expect((await call(t.app, 'GET', `/api/orders/${orderId}/reviews`, stranger)).statusCode).toBe(404);

    const id = made.json().id;
    expect((await call(t.app, 'POST', `/api/reviews/${id}/reply`, buyer, { text: 'Thanks' })).statusCode).toBe(404);
    const replied = await call(t.app, 'POST', `/api/reviews/${id}/reply`, seller, { text: 'Thank you! A larger size is coming.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().reply.text).toBe('Thank you! A larger size is coming.');
    expect((await call(t.app, 'POST', `/api/reviews/${id}/reply`, seller, { text: 'Again' })).statusCode).toBe(409);
  });

  it('two at once for one item: one lands, the other is told', async () => {
    const { orderId, items } = await bought(1);
    const both = await Promise.all([review(orderId, buyer, { orderItemId: items[0], rating: 5 }), review(orderId, buyer, { orderItemId: items[0], rating: 5 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("make the store's rating and its pages, newest first", async () => {
    const before = await storeReviews();
    const { orderId, items } = await bought(20);
    const more = await bought(1);
    for (const [i, item] of items.entries()) expect((await review(orderId, buyer, { orderItemId: item, rating: (i % 5) + 1 })).statusCode).toBe(201);
    expect((await review(more.orderId, buyer, { orderItemId: more.items[0], rating: 5, text: 'Newest' })).statusCode).toBe(201);
    const first = await storeReviews();
    expect(first.count).toBe(before.count + 21);
    const stars = [4, 4, 4, 4, 5].map((n, i) => n + before.distribution[i]);
    expect(first.distribution).toEqual(stars);
    const total = stars.reduce((s, n, i) => s + n * (i + 1), 0);
    expect(first.average).toBe(Math.round((total * 10) / first.count) / 10);
    expect(first.reviews).toHaveLength(20);
    expect(first.reviews[0].text).toBe('Newest');
    const seen = new Set(first.reviews.map((r: { id: string }) => r.id));
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await storeReviews(cursor);
      for (const r of page.reviews) {
        expect(seen.has(r.id)).toBe(false);
        seen.add(r.id);
      }
      cursor = page.nextCursor;
    }
    expect(seen.size).toBe(first.count);
    expect((await call(t.app, 'GET', `/api/sellers/${seller.sellerId}/reviews?cursor=nonsense`, null)).statusCode).toBe(400);
    await bought(1); // the fifth parcel: enough to give a rate
    const trust = (await call(t.app, 'GET', `/api/sellers/${seller.sellerId}/trust`, null)).json();
    expect(trust.rating.count).toBe(first.count);
    // Every parcel here went out at once and nothing was cancelled by the store.
    expect([trust.onTimeShippingRate, trust.cancellationRate]).toEqual([1, 0]);
    expect((await call(t.app, 'GET', `/api/sellers/${crypto.randomUUID()}/trust`, null)).statusCode).toBe(404);
  });
});
