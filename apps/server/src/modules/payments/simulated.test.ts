import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COIN_STARTING_BALANCE, PaymentState } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { call, placeOrder, saveAddress } from '../../testing/commerce.js';
import { products } from '../products/index.js';
import { notifications } from '../shopper/index.js';

let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let stranger: TestUser;
let addressId: string;
beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
  seller = await makeSeller(t.app, t.database.db);
  buyer = await makeUser(t.app, 'Rahul');
  stranger = await makeUser(t.app, 'Sneha');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, who: TestUser | null, payload?: object) => call(t.app, method, url, who, payload);
const stockOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const order = async (id: string) => (await req('GET', `/api/orders/${id}`, buyer)).json();
const pay = (paymentId: string, outcome: 'success' | 'failure', who = buyer) => req('POST', `/api/payments/simulated/${paymentId}`, who, { outcome });

async function placeUpi(stock = 5, price = '2499.00') {
  const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: stock, price });
  const res = await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'upi' });
  expect(res.statusCode).toBe(201);
  return { productId: p.id, orderId: res.json().order.id as string, payment: res.json().payment };
}

describe('the simulated gateway', () => {
  it('opens a pending order with a test gateway page our own app may frame', async () => {
    const { orderId, payment } = await placeUpi();
    expect(payment).toEqual({ provider: 'simulated', paymentId: payment.paymentId, gatewayUrl: `/api/payments/simulated/${payment.paymentId}` });
    expect(await order(orderId)).toMatchObject({ status: 'pending', paymentStatus: 'pending', events: [{ status: 'pending' }] });
    const page = await req('GET', payment.gatewayUrl, buyer);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Test mode');
    expect(page.body).toContain('₹2,499.00');
    expect(page.body).toContain('LiveMarket');
    expect(page.body).toContain('Approve payment');
    expect(page.body).not.toMatch(/https?:\/\/(?!www\.w3)/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Every other page still refuses to be framed.
    expect((await req('GET', '/api/cart', buyer)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect((await req('GET', '/api/payments/simulated/gateway.js', null)).body).toContain("type: 'payment_result'");
    expect((await req('GET', payment.gatewayUrl, stranger)).statusCode).toBe(404);
    expect((await pay(payment.paymentId, 'success', stranger)).json()).toEqual({ message: 'Payment not found' });
    expect((await req('GET', `/api/payments/${payment.paymentId}`, stranger)).statusCode).toBe(404);
  });

  it('confirms and marks the order paid on approval, once however often it is approved', async () => {
    const { orderId, payment } = await placeUpi();
    const before = await t.database.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    const answers = await Promise.all([pay(payment.paymentId, 'success'), pay(payment.paymentId, 'success')]);
    for (const a of answers) expect(PaymentState.parse(a.json())).toMatchObject({ status: 'captured', kind: 'order', orderId, amount: '2499.00', coins: null });
    // A late failure changes nothing either.
    expect((await pay(payment.paymentId, 'failure')).json().status).toBe('captured');
    const o = await order(orderId);
    expect(o).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(o.events.map((e: { status: string }) => e.status)).toEqual(['pending', 'confirmed']);
    const after = await t.database.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(after.length - before.length).toBe(1);
    // The seller is told once, when the money is in.
    const forSeller = await t.database.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(forSeller.filter((n) => n.title === 'New order' && n.message.includes(orderId.slice(-8).toUpperCase()))).toHaveLength(1);
    expect((await req('GET', `/api/payments/${payment.paymentId}`, buyer)).json().status).toBe('captured');
  });

  it('cancels the order and releases its stock when the payment fails', async () => {
    const { productId, orderId, payment } = await placeUpi(3);
    expect(await stockOf(productId)).toBe(2);
    expect((await pay(payment.paymentId, 'failure')).json().status).toBe('failed');
    expect((await pay(payment.paymentId, 'failure')).json().status).toBe('failed');
    expect((await pay(payment.paymentId, 'success')).json().status).toBe('failed');
    expect(await order(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockOf(productId)).toBe(3);
  });

  it('fails payments left open past PAYMENT_TIMEOUT_MINUTES, releasing their stock', async () => {
    const { productId, orderId } = await placeUpi(4);
    const now = Date.now();
    expect(await t.app.payments.sweep(new Date(now + 14 * 60_000))).toBe(0);
    expect(await order(orderId)).toMatchObject({ status: 'pending' });
    expect(await t.app.payments.sweep(new Date(now + 16 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await order(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockOf(productId)).toBe(4);
    expect(await t.app.payments.sweep(new Date(now + 60 * 60_000))).toBe(0);
  });

  it('fails the open payment when the buyer cancels, so approving later takes nothing', async () => {
    const { productId, orderId, payment } = await placeUpi(2);
    expect((await req('PATCH', `/api/orders/${orderId}`, buyer, { status: 'cancelled' })).json()).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect((await pay(payment.paymentId, 'success')).json().status).toBe('failed');
    expect(await stockOf(productId)).toBe(2);
  });
});

describe('coin packs', () => {
  it('credits the wallet once when the pack is paid', async () => {
    const shopper = await makeUser(t.app, 'Coins');
    const key = randomUUID();
    const first = await req('POST', '/api/coins/purchases', shopper, { packId: 'coins-550', paymentMethod: 'upi', idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    const { paymentId } = first.json().payment;
    const again = await req('POST', '/api/coins/purchases', shopper, { packId: 'coins-550', paymentMethod: 'upi', idempotencyKey: key });
    expect([again.statusCode, again.json().payment.paymentId]).toEqual([200, paymentId]);
    expect((await req('GET', `/api/payments/${paymentId}`, shopper)).json()).toMatchObject({ status: 'created', kind: 'coins', amount: '99.00', coins: 550, orderId: null });
    const balance = async () => (await req('GET', '/api/wallet', shopper)).json().balance;
    expect(await balance()).toBe(COIN_STARTING_BALANCE);
    await Promise.all([pay(paymentId, 'success', shopper), pay(paymentId, 'success', shopper)]);
    expect(await balance()).toBe(COIN_STARTING_BALANCE + 550);
    expect((await req('POST', '/api/coins/purchases', shopper, { packId: 'coins-999', paymentMethod: 'upi', idempotencyKey: randomUUID() })).statusCode).toBe(400);
  });
});
