import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../jobs/clock.js';
import { call, placeOrder, saveAddress, ship } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { notifications } from '../shopper/tables.js';
import { products } from '../products/tables.js';

// Issue 27: a cash-on-delivery order above ₹1,000 waits for its buyer's confirmation before it ships;
// unconfirmed after 24 hours it is cancelled and its stock comes back.
const HOUR = 3_600_000;
const clock = new TestClock();
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let addressId: string;

const stockOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const shipBody = { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 };
/** The token from the link the buyer was sent, as the development log prints it. */
const linkToken = () => {
  const line = t.otpLines.filter((l) => l.startsWith('[cod] ')).at(-1)!;
  return line.split('/confirm-cod/')[1]!;
};

beforeAll(async () => {
  t = await buildTestApp({ COD_CONFIRM_ABOVE_RUPEES: '1000' }, null, { jobs: { clock } });
  seller = await makeSeller(t.app, t.database.db, 'Meena');
  buyer = await makeUser(t.app, 'Kavya');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

describe('cash-on-delivery confirmation', () => {
  it('asks only above the limit, and sends the buyer a link', async () => {
    const small = await makeProduct(t.database.db, seller.sellerId, { price: '999.00' });
    const cheap = (await placeOrder(t.app, buyer, { productId: small.id, addressId, paymentMethod: 'cod' })).json().order;
    expect(await ship(t.app, seller, cheap.id)).toMatch(/^9\d{11}$/);
    const before = t.otpLines.length;
    const dear = await makeProduct(t.database.db, seller.sellerId, { price: '1500.00' });
    const order = (await placeOrder(t.app, buyer, { productId: dear.id, addressId, paymentMethod: 'cod' })).json().order;
    expect(t.otpLines.slice(before)).toEqual([expect.stringMatching(/^\[cod\] 9876543210 http:\/\/localhost:\d+\/confirm-cod\/[\w-]{32}$/)]);
    const [note] = await t.database.db.select().from(notifications).where(eq(notifications.kind, 'order_cod_confirm'));
    expect(note).toMatchObject({ userId: buyer.id, title: 'Confirm your cash-on-delivery order', link: expect.stringMatching(/^\/confirm-cod\//) });
    const early = await call(t.app, 'POST', `/api/orders/${order.id}/shipment`, seller, shipBody);
    expect([early.statusCode, early.json().message]).toEqual([409, 'The buyer has not confirmed this cash-on-delivery order yet']);
  });

  it('is confirmed by the link without signing in, or by the buyer in the app; not by anyone else', async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { price: '1500.00' });
    const first = (await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'cod' })).json().order;
    const token = linkToken();
    expect((await call(t.app, 'POST', `/api/cod-confirmations/${'x'.repeat(32)}`, null)).statusCode).toBe(404);
    const byLink = await call(t.app, 'POST', `/api/cod-confirmations/${token}`, null);
    expect([byLink.statusCode, byLink.json()]).toEqual([200, { orderId: first.id }]);
    expect((await call(t.app, 'POST', `/api/cod-confirmations/${token}`, null)).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/api/orders/${first.id}/shipment`, seller, shipBody)).statusCode).toBe(200);

    const second = (await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'cod' })).json().order;
    expect((await call(t.app, 'POST', `/api/orders/${second.id}/confirm-cod`, seller)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/orders/${second.id}/confirm-cod`, null)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', `/api/orders/${second.id}/confirm-cod`, buyer)).json()).toEqual({ ok: true });
    expect((await call(t.app, 'POST', `/api/orders/${second.id}/shipment`, seller, shipBody)).statusCode).toBe(200);
  });

  it('cancels an order left unconfirmed for 24 hours and puts its stock back; a confirmed one stays', async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { price: '1500.00', stockQuantity: 4 });
    const left = (await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'cod' })).json().order;
    const kept = (await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'cod' })).json().order;
    await call(t.app, 'POST', `/api/orders/${kept.id}/confirm-cod`, buyer);
    expect(await stockOf(p.id)).toBe(2);
    await clock.tick(23 * HOUR);
    await t.app.parcels.cod.deadline({ orderId: left.id });
    expect((await call(t.app, 'GET', `/api/orders/${left.id}`, buyer)).json().status).toBe('confirmed');
    await clock.tick(2 * HOUR);
    for (const order of [left, kept]) await t.app.parcels.cod.deadline({ orderId: order.id });
    await t.app.parcels.cod.deadline({ orderId: left.id }); // a job that runs twice cancels once
    expect((await call(t.app, 'GET', `/api/orders/${left.id}`, buyer)).json()).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect((await call(t.app, 'GET', `/api/orders/${kept.id}`, buyer)).json().status).toBe('confirmed');
    expect(await stockOf(p.id)).toBe(3);
    const late = await call(t.app, 'POST', `/api/orders/${left.id}/confirm-cod`, buyer);
    expect([late.statusCode, late.json().message]).toEqual([409, 'This order can no longer be confirmed']);
  });
});
