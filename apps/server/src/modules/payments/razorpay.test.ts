import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COIN_STARTING_BALANCE } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { call, placeOrder, saveAddress } from '../../testing/commerce.js';
import { products } from '../products/index.js';
import { paymentWebhookEvents } from './tables.js';

const KEYS = { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'test-key-secret', RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret' };
// Razorpay's documented algorithms, computed here independently of the server's code.
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let stranger: TestUser;
let addressId: string;
const gatewayCalls: { url: string; authorization: string; body: Record<string, unknown> }[] = [];
let gatewayDown = false;

beforeAll(async () => {
  // The Orders API is out of reach here: an injected fetch answers as Razorpay does.
  const fakeFetch = async (url: string, init: { headers: Record<string, string>; body: string }) => {
    const body = JSON.parse(init.body) as Record<string, unknown>;
    gatewayCalls.push({ url, authorization: init.headers.authorization!, body });
    if (gatewayDown) return { ok: false, status: 503, json: async () => ({ error: { description: 'down' } }) };
    return { ok: true, status: 200, json: async () => ({ id: `order_${randomUUID().replace(/-/g, '').slice(0, 14)}`, entity: 'order', ...body, status: 'created' }) };
  };
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000', PAYMENTS_PROVIDER: 'razorpay', ...KEYS }, null, { paymentsFetch: fakeFetch });
  seller = await makeSeller(t.app, t.database.db);
  buyer = await makeUser(t.app, 'Rahul');
  stranger = await makeUser(t.app, 'Sneha');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST', url: string, who: TestUser | null, payload?: object) => call(t.app, method, url, who, payload);
const order = async (id: string) => (await req('GET', `/api/orders/${id}`, buyer)).json();
const stockOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;

function webhook(event: string, razorpayOrderId: string, opts: { eventId?: string; signature?: string; body?: string } = {}) {
  const payload =
    opts.body ??
    JSON.stringify({
      entity: 'event',
      event,
      payload: { payment: { entity: { id: `pay_${randomUUID().slice(0, 8)}`, order_id: razorpayOrderId, status: event === 'payment.failed' ? 'failed' : 'captured' } } },
    });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': opts.signature ?? hmac(KEYS.RAZORPAY_WEBHOOK_SECRET, payload),
      'x-razorpay-event-id': opts.eventId ?? `evt_${randomUUID()}`,
    },
    payload,
  });
}

async function placeCard(stock = 5) {
  const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: stock, price: '1499.50' });
  const res = await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'card' });
  expect(res.statusCode).toBe(201);
  return { productId: p.id, orderId: res.json().order.id as string, action: res.json().payment };
}

describe('razorpay', () => {
  it('creates a Razorpay order in paise with basic auth and hands Checkout what it needs', async () => {
    const { action } = await placeCard();
    const call = gatewayCalls.at(-1)!;
    expect(call.url).toBe('https://api.razorpay.com/v1/orders');
    expect(call.authorization).toBe(`Basic ${Buffer.from('rzp_test_key:test-key-secret').toString('base64')}`);
    expect(call.body).toMatchObject({ amount: 149950, currency: 'INR', receipt: action.paymentId });
    expect(action).toMatchObject({ provider: 'razorpay', keyId: 'rzp_test_key', amountPaise: 149950, currency: 'INR', name: 'LiveMarket', prefill: { name: 'Rahul' } });
    expect(action.razorpayOrderId).toMatch(/^order_/);
    // Checkout's script and frame are allowed by the CSP.
    const csp = String((await req('GET', '/api/cart', buyer)).headers['content-security-policy']);
    expect(csp).toContain('script-src \'self\' https://checkout.razorpay.com');
    expect(csp).toContain('frame-src \'self\' https://api.razorpay.com');
  });

  it('captures on a good Checkout signature, once, and refuses a tampered one', async () => {
    const { orderId, action } = await placeCard();
    const paymentId = 'pay_29QQoUBi66xm2f';
    const good = { razorpay_order_id: action.razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: hmac(KEYS.RAZORPAY_KEY_SECRET, `${action.razorpayOrderId}|${paymentId}`) };
    const tampered = { ...good, razorpay_payment_id: 'pay_someoneelse00' };
    const bad = await req('POST', '/api/payments/razorpay/verify', buyer, tampered);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Invalid payment signature']);
    expect(await order(orderId)).toMatchObject({ status: 'pending' });
    expect((await req('POST', '/api/payments/razorpay/verify', stranger, good)).statusCode).toBe(404);
    for (let i = 0; i < 2; i++) expect((await req('POST', '/api/payments/razorpay/verify', buyer, good)).json()).toMatchObject({ status: 'captured', orderId });
    const o = await order(orderId);
    expect(o).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(o.events).toHaveLength(2);
  });

  it('accepts a signed webhook, rejects a tampered one, and ignores a replay', async () => {
    const { orderId, action } = await placeCard();
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: 'pay_webhook0001', order_id: action.razorpayOrderId } } } });
    const tampered = await webhook('payment.captured', action.razorpayOrderId, { body, signature: hmac(KEYS.RAZORPAY_WEBHOOK_SECRET, body.replace('pay_webhook0001', 'pay_webhook0002')) });
    expect([tampered.statusCode, tampered.json().message]).toEqual([400, 'Invalid webhook signature']);
    expect((await webhook('payment.captured', action.razorpayOrderId, { body, signature: 'not-hex' })).statusCode).toBe(400);
    // Signed, but not the shape Razorpay sends: refused, and nothing is recorded.
    const odd = JSON.stringify({ event: 42, payload: { payment: { entity: { order_id: action.razorpayOrderId } } } });
    const refused = await webhook('payment.captured', action.razorpayOrderId, { body: odd, eventId: 'evt_odd_shape' });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Invalid webhook body']);
    expect(await t.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, 'evt_odd_shape'))).toHaveLength(0);
    expect(await order(orderId)).toMatchObject({ status: 'pending' });

    const eventId = `evt_${randomUUID()}`;
    expect((await webhook('payment.captured', action.razorpayOrderId, { body, eventId })).json()).toEqual({ ok: true });
    expect(await order(orderId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // The same delivery again, and then a second event saying the same: nothing changes.
    expect((await webhook('payment.captured', action.razorpayOrderId, { body, eventId })).statusCode).toBe(200);
    expect((await webhook('order.paid', action.razorpayOrderId)).statusCode).toBe(200);
    const o = await order(orderId);
    expect(o.events.map((e: { status: string }) => e.status)).toEqual(['pending', 'confirmed']);
    const recorded = await t.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId));
    expect(recorded).toHaveLength(1);
  });

  it('refuses a signed webhook carrying control characters with a 400, recording nothing', async () => {
    const before = (await t.database.db.select().from(paymentWebhookEvents)).length;
    for (const body of [{ event: 'payment.\u0000captured' }, { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_1', order_id: 'order_\u0000' } } } }]) {
      const res = await webhook('', '', { body: JSON.stringify(body) });
      expect([res.statusCode, res.json().message]).toEqual([400, 'Invalid webhook body']);
    }
    expect((await t.database.db.select().from(paymentWebhookEvents)).length).toBe(before);
  });

  it('cancels and releases stock on payment.failed, idempotently', async () => {
    const { productId, orderId, action } = await placeCard(2);
    expect(await stockOf(productId)).toBe(1);
    const eventId = `evt_${randomUUID()}`;
    await webhook('payment.failed', action.razorpayOrderId, { eventId });
    await webhook('payment.failed', action.razorpayOrderId, { eventId });
    await webhook('payment.failed', action.razorpayOrderId);
    expect(await order(orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockOf(productId)).toBe(2);
  });

  it('credits a coin pack from its webhook once', async () => {
    const shopper = await makeUser(t.app, 'Coins');
    const bought = (await req('POST', '/api/coins/purchases', shopper, { packId: 'coins-100', paymentMethod: 'wallet', idempotencyKey: randomUUID() })).json();
    expect(bought.payment).toMatchObject({ provider: 'razorpay', amountPaise: 1900, description: '100 coins' });
    await webhook('payment.captured', bought.payment.razorpayOrderId);
    await webhook('order.paid', bought.payment.razorpayOrderId);
    expect((await req('GET', '/api/wallet', shopper)).json().balance).toBe(COIN_STARTING_BALANCE + 100);
  });

  it('answers 502 when the gateway is down, and a retry with the same key recovers', async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 3 });
    const key = randomUUID();
    gatewayDown = true;
    const down = await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'upi', idempotencyKey: key });
    gatewayDown = false;
    expect([down.statusCode, down.json().message]).toEqual([502, 'The payment gateway is unavailable. Please try again.']);
    const retry = await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'upi', idempotencyKey: key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().payment.razorpayOrderId).toMatch(/^order_/);
    expect(await stockOf(p.id)).toBe(2);
  });
});
