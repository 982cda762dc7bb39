import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpayFake, type RazorpayFake } from '../../testing/razorpay-fake.js';
import { ProviderRefused, ProviderUnavailable } from '../payments/razorpay-api.js';
import type { PayoutDestination, PayoutProvider, PayoutRequest } from './provider.js';
import { createRouteTransfer, razorpayPayouts, reverseRouteTransfer } from './razorpay.js';

// The real clients over HTTP, with Node's own fetch, against a local fake of RazorpayX and Route.
let fake: RazorpayFake;
let payouts: PayoutProvider;
let n = 0;

beforeAll(async () => {
  fake = await startRazorpayFake({ keyId: 'rzp_test_payouts', keySecret: 'payouts-secret', accountNumber: '2323230041626905' });
  payouts = razorpayPayouts({ ...fake.keys, accountNumber: fake.accountNumber }, fetch);
});
afterAll(() => fake.close());

const bank = (over: Partial<PayoutDestination> = {}): PayoutDestination => ({ kind: 'bank', accountHolderName: 'Farah Khan', ifsc: 'SBIN0001234', accountNumber: '123456789012', vpa: null, providerContactId: null, providerAccountId: null, ...over });
const upi = (vpa = 'ira@okaxis'): PayoutDestination => ({ kind: 'vpa', accountHolderName: 'Ira Das', ifsc: null, accountNumber: null, vpa, providerContactId: null, providerAccountId: null });
function request(destination: PayoutDestination, amountPaise = 184_321): PayoutRequest {
  n += 1;
  // Our real keys look like this: longer than Razorpay's 36 characters, with colons.
  return { payoutId: `payout-${n}`, key: `run:20480:5b3e1c1e-7a51-4d0b-9a52-0a4f6c1d${String(n).padStart(4, '0')}`, sellerId: `seller-${n}`, amountPaise, destination, narration: 'LiveMarket payout' };
}
const calls = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);
const payoutsTo = (fundAccountId: string) => [...fake.payouts.values()].filter((p) => p.fund_account_id === fundAccountId);

describe('razorpayX payouts', () => {
  it('makes a contact and a bank fund account, pays by IMPS with an idempotency key, and follows it to paid with the UTR', async () => {
    const req = request(bank());
    const before = { contacts: calls('/v1/contacts').length, accounts: calls('/v1/fund_accounts').length };
    const sent = await payouts.send(req);
    expect(sent).toMatchObject({ status: 'processing', providerPayoutId: expect.stringMatching(/^pout_/) });
    const { contactId, accountId } = sent.destinationIds!;
    expect(fake.contacts.get(contactId)).toMatchObject({ name: 'Farah Khan', type: 'vendor', reference_id: req.sellerId });
    expect(fake.fundAccounts.get(accountId)).toMatchObject({ contact_id: contactId, account_type: 'bank_account', bank_account: { name: 'Farah Khan', ifsc: 'SBIN0001234', account_number: '123456789012' } });
    expect([calls('/v1/contacts').length - before.contacts, calls('/v1/fund_accounts').length - before.accounts]).toEqual([1, 1]);

    const post = calls('/v1/payouts').at(-1)!;
    expect(post.headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_payouts:payouts-secret').toString('base64')}`);
    const key = post.headers['x-payout-idempotency'] as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{4,36}$/);
    expect(post.body).toEqual({
      account_number: '2323230041626905', fund_account_id: accountId, amount: 184_321, currency: 'INR', mode: 'IMPS', purpose: 'payout',
      queue_if_low_balance: true, reference_id: key, narration: 'LiveMarket payout', notes: { payout: req.payoutId, key: req.key },
    });

    const id = sent.providerPayoutId!;
    expect(await payouts.status(id, req)).toEqual({ status: 'processing', providerPayoutId: id });
    fake.setPayoutStatus(id, 'queued', { description: 'Payout is queued as there is insufficient balance' });
    expect(await payouts.status(id, req)).toEqual({ status: 'processing', providerPayoutId: id });
    fake.setPayoutStatus(id, 'processed', { utr: 'HDFCN00000000001' });
    expect(await payouts.status(id, req)).toEqual({ status: 'paid', providerPayoutId: id, utr: 'HDFCN00000000001' });
  });

  it('pays above ₹5 lakh by NEFT, and a UPI id by UPI to a vpa fund account', async () => {
    const big = await payouts.send(request(bank({ accountNumber: '55550001' }), 5_00_000_01));
    expect(fake.payouts.get(big.providerPayoutId!)).toMatchObject({ mode: 'NEFT', amount: 5_00_000_01 });
    const atLimit = await payouts.send(request(bank({ accountNumber: '55550002' }), 5_00_000_00));
    expect(fake.payouts.get(atLimit.providerPayoutId!)).toMatchObject({ mode: 'IMPS' });
    const toUpi = await payouts.send(request(upi()));
    expect(fake.fundAccounts.get(toUpi.destinationIds!.accountId)).toMatchObject({ account_type: 'vpa', vpa: { address: 'ira@okaxis' } });
    expect(fake.payouts.get(toUpi.providerPayoutId!)).toMatchObject({ mode: 'UPI' });
  });

  it('makes the fund account once and reuses it for later payouts', async () => {
    const first = await payouts.send(request(bank({ accountNumber: '777700001' })));
    const kept = { ...bank({ accountNumber: '777700001' }), providerContactId: first.destinationIds!.contactId, providerAccountId: first.destinationIds!.accountId };
    const before = { contacts: calls('/v1/contacts').length, accounts: calls('/v1/fund_accounts').length };
    const second = await payouts.send(request(kept));
    expect(second.status).toBe('processing');
    expect(second.destinationIds).toBeUndefined();
    expect([calls('/v1/contacts').length, calls('/v1/fund_accounts').length]).toEqual([before.contacts, before.accounts]);
    expect(payoutsTo(first.destinationIds!.accountId)).toHaveLength(2);
  });

  it('pays once when the answer was lost and the job sends the same key again', async () => {
    const req = request(bank({ accountNumber: '888800001' }));
    fake.failNext('/v1/payouts', 'network', { afterEffect: true });
    await expect(payouts.send(req)).rejects.toBeInstanceOf(ProviderUnavailable);
    fake.failNext('/v1/payouts', 504, { afterEffect: true });
    await expect(payouts.send(req)).rejects.toBeInstanceOf(ProviderUnavailable);
    const retry = await payouts.send(req);
    expect(retry.status).toBe('processing');
    const made = payoutsTo(retry.destinationIds!.accountId);
    expect(made.map((p) => p.id)).toEqual([retry.providerPayoutId]);
    // The contact and fund account asked for three times are one of each.
    expect([...fake.fundAccounts.values()].filter((f) => (f.bank_account as { account_number?: string } | undefined)?.account_number === '888800001')).toHaveLength(1);
    expect([...fake.contacts.values()].filter((c) => c.reference_id === req.sellerId)).toHaveLength(1);
  });

  it('maps reversed, failed, rejected and cancelled to failed with the status details', async () => {
    for (const status of ['reversed', 'failed', 'rejected', 'cancelled']) {
      const req = request(upi(`seller.${status}@okicici`));
      const { providerPayoutId } = await payouts.send(req);
      fake.setPayoutStatus(providerPayoutId!, status, { description: `Beneficiary bank said no (${status})` });
      expect(await payouts.status(providerPayoutId!, req)).toEqual({ status: 'failed', providerPayoutId, reason: `Beneficiary bank said no (${status})` });
    }
  });

  it('throws ProviderUnavailable on 5xx and network errors, and answers failed with the reason on a 4xx', async () => {
    for (const [path, status] of [['/v1/contacts', 503], ['/v1/fund_accounts', 'network'], ['/v1/payouts', 500], ['/v1/payouts', 429]] as const) {
      fake.failNext(path, status);
      await expect(payouts.send(request(bank({ accountNumber: '999900001' })))).rejects.toBeInstanceOf(ProviderUnavailable);
    }
    fake.failNext(/^\/v1\/payouts\/pout_/, 502);
    await expect(payouts.status('pout_00000000000001', request(upi()))).rejects.toBeInstanceOf(ProviderUnavailable);

    expect(await payouts.send(request(bank({ ifsc: 'SBIN123' })))).toEqual({ status: 'failed', providerPayoutId: null, reason: 'The ifsc must be 11 characters.' });
    const noPayouts = razorpayPayouts({ ...fake.keys, accountNumber: '1111' }, fetch);
    const refused = await noPayouts.send(request(upi('zoya@okaxis')));
    expect(refused).toMatchObject({ status: 'failed', providerPayoutId: null, reason: 'The account number is invalid.' });
    // The destination was made even so: its ids come back to be kept.
    expect(refused.destinationIds?.accountId).toMatch(/^fa_/);
  });

  it('keeps the narration to what RazorpayX accepts', async () => {
    const req = { ...request(upi('anu@okaxis')), narration: 'LiveMarket payout: ₹1,843 for June (run #7)' };
    const sent = await payouts.send(req);
    expect(sent.status).toBe('processing');
    expect(fake.payouts.get(sent.providerPayoutId!)!.narration).toMatch(/^[A-Za-z0-9 ]{1,30}$/);
  });
});

describe('route transfers', () => {
  const onHoldUntil = new Date('2026-12-05T10:00:00Z');

  it('holds a transfer to the linked account until a date, and does not transfer twice on a retry', async () => {
    const pay = fake.capturePayment(200_000);
    const t = { providerPaymentId: pay, linkedAccountId: 'acc_I0QRP7PpvaHhpB', amountPaise: 180_000, onHoldUntil, notes: { order: 'order-9' } };
    fake.failNext(`/v1/payments/${pay}/transfers`, 'network', { method: 'POST', afterEffect: true });
    await expect(createRouteTransfer(fake.keys, fetch, t)).rejects.toBeInstanceOf(ProviderUnavailable);
    const id = await createRouteTransfer(fake.keys, fetch, t);
    expect(id).toMatch(/^trf_/);
    expect(await createRouteTransfer(fake.keys, fetch, t)).toBe(id);
    expect([...fake.transfers.values()].filter((x) => x.source === pay)).toHaveLength(1);
    expect(calls(`/v1/payments/${pay}/transfers`)[0]!.body).toEqual({
      transfers: [{ account: 'acc_I0QRP7PpvaHhpB', amount: 180_000, currency: 'INR', notes: { order: 'order-9' }, on_hold: true, on_hold_until: 1_796_464_800 }],
    });
    // Another order's share to the same account is a transfer of its own.
    const other = await createRouteTransfer(fake.keys, fetch, { ...t, amountPaise: 20_000, notes: { order: 'order-10' } });
    expect(other).not.toBe(id);
    await expect(createRouteTransfer(fake.keys, fetch, { ...t, notes: { order: 'order-11' } })).rejects.toThrow(new ProviderRefused('Transfer amount was greater than amount available for transfer', 400));
  });

  it('reverses a transfer, once per key', async () => {
    const pay = fake.capturePayment(100_000);
    const id = await createRouteTransfer(fake.keys, fetch, { providerPaymentId: pay, linkedAccountId: 'acc_seller000001', amountPaise: 90_000, onHoldUntil, notes: {} });
    fake.failNext(`/v1/transfers/${id}/reversals`, 502, { method: 'POST', afterEffect: true });
    await expect(reverseRouteTransfer(fake.keys, fetch, id, 30_000, 'refund-1')).rejects.toBeInstanceOf(ProviderUnavailable);
    const reversal = await reverseRouteTransfer(fake.keys, fetch, id, 30_000, 'refund-1');
    expect(reversal).toMatch(/^rvrsl_/);
    expect(await reverseRouteTransfer(fake.keys, fetch, id, 30_000, 'refund-1')).toBe(reversal);
    const second = await reverseRouteTransfer(fake.keys, fetch, id, 30_000, 'refund-2');
    expect(second).not.toBe(reversal);
    expect(fake.transfers.get(id)!.amount_reversed).toBe(60_000);
    await expect(reverseRouteTransfer(fake.keys, fetch, id, 40_000)).rejects.toBeInstanceOf(ProviderRefused);
  });
});
