import { createHmac, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../jobs/clock.js';
import { call, placeOrder, saveAddress } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { startRazorpayFake, type RazorpayFake } from '../../testing/razorpay-fake.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { payoutAccounts, payouts } from '../payouts/tables.js';
import { razorpayPayouts } from '../payouts/razorpay.js';
import { razorpayRefunds } from '../refunds/razorpay.js';
import { refunds } from '../refunds/tables.js';

// Issue 26: Razorpay's refund and payout events settle our records at once, without waiting for the
// next poll. The clock never moves here, so a poll cannot be what settled them.
const KEYS = { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'test-key-secret', RAZORPAY_WEBHOOK_SECRET: 'test-webhook-secret' };
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');
const clock = new TestClock();
let fake: RazorpayFake;
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;

function webhook(event: string, payload: object, eventId = `evt_${randomUUID()}`) {
  const body = JSON.stringify({ entity: 'event', event, payload });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmac(KEYS.RAZORPAY_WEBHOOK_SECRET, body), 'x-razorpay-event-id': eventId },
    payload: body,
  });
}
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('never happened');
};

beforeAll(async () => {
  fake = await startRazorpayFake({ keyId: KEYS.RAZORPAY_KEY_ID, keySecret: KEYS.RAZORPAY_KEY_SECRET, accountNumber: '7878780080316316' });
  const ordersApi = async (_url: string, init: { body: string }) => ({
    ok: true,
    status: 200,
    json: async () => ({ id: `order_${randomUUID().replace(/-/g, '').slice(0, 14)}`, entity: 'order', ...JSON.parse(init.body), status: 'created' }),
  });
  t = await buildTestApp({ PAYMENTS_PROVIDER: 'razorpay', ...KEYS }, null, {
    paymentsFetch: ordersApi,
    jobs: { clock },
    moneyProviders: { refunds: razorpayRefunds(fake.keys, fetch), payouts: razorpayPayouts({ ...fake.keys, accountNumber: fake.accountNumber }, fetch) },
  });
  seller = await makeSeller(t.app, t.database.db, 'Meena');
  buyer = await makeUser(t.app, 'Kavya');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('razorpay money events', () => {
  it('refund.processed settles the refund at once; a redelivery changes nothing', async () => {
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '799.00', stockQuantity: 1 });
    const placed = await placeOrder(t.app, buyer, { addressId: await saveAddress(t.app, buyer), productId: product.id, paymentMethod: 'card' });
    const { order, payment } = placed.json();
    const paymentId = fake.capturePayment(79_900);
    const signature = hmac(KEYS.RAZORPAY_KEY_SECRET, `${payment.razorpayOrderId}|${paymentId}`);
    const verified = await call(t.app, 'POST', '/api/payments/razorpay/verify', buyer, { razorpay_order_id: payment.razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/cancel`, buyer, { reason: 'Wrong size' })).statusCode).toBe(200);
    // The job asked Razorpay, which holds the refund as pending.
    const refund = async () => (await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id)))[0]!;
    await until(async () => Boolean((await refund()).providerRefundId));
    const rfnd = (await refund()).providerRefundId!;
    expect(fake.refunds.get(rfnd)).toMatchObject({ payment_id: paymentId, amount: 79_900, status: 'pending' });

    fake.setRefundStatus(rfnd, 'processed');
    const event = `evt_${randomUUID()}`;
    expect((await webhook('refund.processed', { refund: { entity: { id: rfnd } } }, event)).statusCode).toBe(200);
    expect(await refund()).toMatchObject({ status: 'processed' });
    expect((await call(t.app, 'GET', `/api/orders/${order.id}`, buyer)).json().refund).toMatchObject({ status: 'processed', amount: '799' });
    const asked = fake.requests.filter((r) => r.path === `/v1/refunds/${rfnd}`).length;
    expect((await webhook('refund.processed', { refund: { entity: { id: rfnd } } }, event)).statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.path === `/v1/refunds/${rfnd}`)).toHaveLength(asked);
    // An event about a refund that is not ours is accepted and ignored.
    expect((await webhook('refund.failed', { refund: { entity: { id: 'rfnd_notours000001' } } })).statusCode).toBe(200);
  });

  it('payout.processed marks the payout paid with its UTR, as Razorpay reports it', async () => {
    await t.database.db.insert(payoutAccounts).values({ sellerId: seller.sellerId, kind: 'vpa', accountHolderName: 'Meena Iyer', vpa: 'meena@okaxis' });
    const [row] = await t.database.db.insert(payouts).values({ sellerId: seller.sellerId, amountPaise: 50_000, provider: 'razorpay', key: `test:${randomUUID()}` }).returning();
    // The payout job sends it: RazorpayX answers processing.
    const sent = await razorpayPayouts({ ...fake.keys, accountNumber: fake.accountNumber }, fetch).send({
      payoutId: row!.id,
      key: row!.key,
      sellerId: seller.sellerId,
      amountPaise: 50_000,
      destination: { kind: 'vpa', accountHolderName: 'Meena Iyer', ifsc: null, accountNumber: null, vpa: 'meena@okaxis', providerContactId: null, providerAccountId: null },
      narration: 'LiveMarket payout',
    });
    expect(sent.status).toBe('processing');
    const pout = (sent as { providerPayoutId: string }).providerPayoutId;
    await t.database.db.update(payouts).set({ status: 'processing', providerPayoutId: pout }).where(eq(payouts.id, row!.id));

    fake.setPayoutStatus(pout, 'processed', { utr: 'AXIS0000123456' });
    expect((await webhook('payout.processed', { payout: { entity: { id: pout } } })).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(payouts).where(eq(payouts.id, row!.id));
    expect(after).toMatchObject({ status: 'paid', utr: 'AXIS0000123456' });
  });
});
