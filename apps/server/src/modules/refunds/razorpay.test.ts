import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpayFake, type RazorpayFake } from '../../testing/razorpay-fake.js';
import { ProviderUnavailable } from '../payments/razorpay-api.js';
import type { RefundProvider, RefundRequest } from './provider.js';
import { razorpayRefunds } from './razorpay.js';

// The real client over HTTP, with Node's own fetch, against a local fake of Razorpay's Refunds API.
let fake: RazorpayFake;
let gateway: RefundProvider;

beforeAll(async () => {
  fake = await startRazorpayFake({ keyId: 'rzp_test_refunds', keySecret: 'refunds-secret' });
  gateway = razorpayRefunds(fake.keys, fetch);
});
afterAll(() => fake.close());

function request(paymentId: string, amountPaise = 50_000): RefundRequest {
  return { refundId: randomUUID(), providerPaymentId: paymentId, amountPaise, notes: { order: 'order-1' } };
}
const refundsOf = (paymentId: string) => [...fake.refunds.values()].filter((r) => r.payment_id === paymentId);
const posts = (paymentId: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refund`);

describe('razorpay refunds', () => {
  it('asks for an optimum-speed refund with our id as receipt and idempotency key, and follows it to processed', async () => {
    const pay = fake.capturePayment(149_950);
    const req = request(pay);
    const result = await gateway.refund(req);
    expect(result).toEqual({ status: 'pending', providerRefundId: expect.stringMatching(/^rfnd_/) });
    const [post] = posts(pay);
    expect(post!.headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_refunds:refunds-secret').toString('base64')}`);
    expect(post!.headers['x-refund-idempotency']).toBe(req.refundId);
    expect(post!.body).toEqual({ amount: 50_000, speed: 'optimum', receipt: req.refundId, notes: { order: 'order-1' } });
    expect(gateway.name).toBe('razorpay');

    const id = (result as { providerRefundId: string }).providerRefundId;
    expect(await gateway.status(id, req)).toEqual({ status: 'pending', providerRefundId: id });
    fake.setRefundStatus(id, 'processed');
    expect(await gateway.status(id, req)).toEqual({ status: 'processed', providerRefundId: id });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/refunds/${id}` });
  });

  it('reports a refund the gateway failed', async () => {
    const pay = fake.capturePayment(10_000);
    const req = request(pay, 10_000);
    const result = await gateway.refund(req);
    const id = (result as { providerRefundId: string }).providerRefundId;
    fake.setRefundStatus(id, 'failed');
    expect(await gateway.status(id, req)).toEqual({ status: 'failed', reason: 'The payment gateway could not complete the refund' });
  });

  it('refunds once when the answer was lost and the job asks again', async () => {
    const pay = fake.capturePayment(80_000);
    const req = request(pay, 30_000);
    fake.failNext(`/v1/payments/${pay}/refund`, 'network', { afterEffect: true });
    await expect(gateway.refund(req)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(refundsOf(pay)).toHaveLength(1);
    const retry = await gateway.refund(req);
    expect(retry).toEqual({ status: 'pending', providerRefundId: refundsOf(pay)[0]!.id });
    expect(refundsOf(pay)).toHaveLength(1);
  });

  it('finds its earlier refund by receipt when the idempotency key has lapsed', async () => {
    const pay = fake.capturePayment(80_000);
    const req = request(pay, 30_000);
    fake.failNext(`/v1/payments/${pay}/refund`, 503, { afterEffect: true });
    await expect(gateway.refund(req)).rejects.toBeInstanceOf(ProviderUnavailable);
    fake.forgetIdempotencyKeys();
    const retry = await gateway.refund(req);
    expect(retry).toEqual({ status: 'pending', providerRefundId: refundsOf(pay)[0]!.id });
    expect(refundsOf(pay)).toHaveLength(1);
    // The retry looked and did not ask again.
    expect(posts(pay)).toHaveLength(1);
  });

  it('the idempotency key alone keeps two racing requests to one refund', async () => {
    const pay = fake.capturePayment(80_000);
    const req = request(pay, 30_000);
    // If both look before either asks, both ask: Razorpay answers the second with the first refund.
    const [a, b] = await Promise.all([gateway.refund(req), gateway.refund(req)]);
    expect(a).toEqual(b);
    expect(refundsOf(pay)).toHaveLength(1);
  });

  it('throws ProviderUnavailable on 5xx, 409, 429 and network errors, so the job retries', async () => {
    const pay = fake.capturePayment(80_000);
    for (const status of [500, 502, 503, 409, 429, 'network'] as const) {
      fake.failNext(`/v1/payments/${pay}/refund`, status);
      const err = await gateway.refund(request(pay, 10_000)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderUnavailable);
      expect((err as ProviderUnavailable).status).toBe(status === 'network' ? 0 : status);
    }
    fake.failNext(/^\/v1\/refunds\//, 504);
    await expect(gateway.status('rfnd_anything00001', request(pay))).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(refundsOf(pay)).toHaveLength(0);
  });

  it('answers failed with the gateway\'s words on a 4xx', async () => {
    const pay = fake.capturePayment(10_000);
    expect(await gateway.refund(request(pay, 20_000))).toEqual({ status: 'failed', reason: 'The refund amount provided is greater than amount captured' });
    expect(await gateway.refund(request('pay_doesnotexist00'))).toEqual({ status: 'failed', reason: 'The id provided does not exist' });
    expect(await gateway.status('rfnd_doesnotexist0', request(pay))).toEqual({ status: 'failed', reason: 'The id provided does not exist' });
    const wrongKeys = razorpayRefunds({ ...fake.keys, keySecret: 'not-the-secret' }, fetch);
    expect(await wrongKeys.refund(request(pay, 1000))).toEqual({ status: 'failed', reason: 'The api key provided is invalid' });
    expect(await gateway.refund({ ...request(pay), providerPaymentId: null })).toMatchObject({ status: 'failed' });
    expect(refundsOf(pay)).toHaveLength(0);
  });

  it('refunds two items of one payment separately, each once', async () => {
    const pay = fake.capturePayment(100_000);
    const [one, two] = [request(pay, 30_000), request(pay, 70_000)];
    const a = await gateway.refund(one);
    const b = await gateway.refund(two);
    expect(a).not.toEqual(b);
    expect(await gateway.refund(one)).toEqual(a);
    expect(refundsOf(pay).map((r) => r.amount).sort()).toEqual([30_000, 70_000]);
  });
});
