import { describe, expect, it } from 'vitest';
import type { PayoutDestination, PayoutRequest } from './provider.js';
import { SIMULATED_ACCOUNT_CLOSED, SIMULATED_UPI_UNKNOWN, simulatedPayouts } from './simulated.js';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, tick: (ms: number) => (t += ms) };
}
const bank = (accountNumber: string): PayoutDestination => ({ kind: 'bank', accountHolderName: 'Farah Khan', ifsc: 'SBIN0001234', accountNumber, vpa: null, providerContactId: null, providerAccountId: null });
const upi = (vpa: string): PayoutDestination => ({ kind: 'vpa', accountHolderName: 'Ira Das', ifsc: null, accountNumber: null, vpa, providerContactId: null, providerAccountId: null });
const request = (key: string, destination: PayoutDestination): PayoutRequest => ({ payoutId: `p-${key}`, key, sellerId: 's-1', amountPaise: 184_321, destination, narration: 'LiveMarket payout' });
const idOf = (r: { providerPayoutId: string | null }) => r.providerPayoutId!;

describe('simulated payouts', () => {
  it('send a payout as processing, then pay it with a 12-character UTR once the delay has passed', async () => {
    const c = clock();
    const payouts = simulatedPayouts({ delayMs: 5000, now: c.now });
    expect(payouts.name).toBe('simulated');
    const req = request('run:1:s-1', upi('ira@okaxis'));
    const sent = await payouts.send(req);
    expect(sent).toEqual({ status: 'processing', providerPayoutId: expect.stringMatching(/^pout_sim_[0-9a-f]{14}$/) });
    c.tick(4999);
    expect(await payouts.status(idOf(sent), req)).toEqual({ status: 'processing', providerPayoutId: idOf(sent) });
    c.tick(1);
    const paid = await payouts.status(idOf(sent), req);
    expect(paid).toEqual({ status: 'paid', providerPayoutId: idOf(sent), utr: expect.stringMatching(/^SIM\d{9}$/) });
    // The UTR stays the same however often it is asked.
    expect(await payouts.status(idOf(sent), req)).toEqual(paid);
  });

  it('pay once when the same key is sent twice', async () => {
    const c = clock();
    const payouts = simulatedPayouts({ delayMs: 5000, now: c.now });
    const req = request('run:2:s-1', bank('123456789012'));
    const first = await payouts.send(req);
    expect(await payouts.send(req)).toEqual(first);
    const other = await payouts.send(request('run:3:s-1', bank('123456789012')));
    expect(idOf(other)).not.toBe(idOf(first));
    c.tick(5000);
    // Sent again after the delay, it answers where the first payout stands.
    expect(await payouts.send(req)).toMatchObject({ status: 'paid', providerPayoutId: idOf(first) });
  });

  it('fail a bank account ending in 0000 and a UPI id starting with "fail", with the reason, after the delay', async () => {
    const c = clock();
    const payouts = simulatedPayouts({ delayMs: 5000, now: c.now });
    const closed = request('k-closed', bank('123456780000'));
    const unknown = request('k-upi', upi('Fail.me@okaxis'));
    const [a, b] = [await payouts.send(closed), await payouts.send(unknown)];
    expect([a.status, b.status]).toEqual(['processing', 'processing']);
    c.tick(5000);
    expect(await payouts.status(idOf(a), closed)).toEqual({ status: 'failed', providerPayoutId: idOf(a), reason: SIMULATED_ACCOUNT_CLOSED });
    expect(await payouts.status(idOf(b), unknown)).toEqual({ status: 'failed', providerPayoutId: idOf(b), reason: SIMULATED_UPI_UNKNOWN });
    expect(SIMULATED_ACCOUNT_CLOSED).toBe('The bank account was closed');
    expect(SIMULATED_UPI_UNKNOWN).toBe('The UPI id does not exist');
    // Near misses are paid: 0000 not at the end, "fail" not at the start.
    const fine = [request('k-3', bank('000012345678')), request('k-4', upi('nofail@okaxis'))];
    const sent = await Promise.all(fine.map((r) => payouts.send(r)));
    c.tick(5000);
    for (const [i, s] of sent.entries()) expect((await payouts.status(idOf(s), fine[i]!)).status).toBe('paid');
  });

  it('wait 5 seconds by default, and settle a payout it lost track of (a restart)', async () => {
    const c = clock();
    const payouts = simulatedPayouts({ now: c.now });
    const req = request('k-5', upi('ira@okaxis'));
    const sent = await payouts.send(req);
    c.tick(4000);
    expect((await payouts.status(idOf(sent), req)).status).toBe('processing');
    c.tick(1000);
    expect((await payouts.status(idOf(sent), req)).status).toBe('paid');
    const restarted = simulatedPayouts({ delayMs: 60_000 });
    expect(await restarted.status('pout_sim_00000000000000', req)).toMatchObject({ status: 'paid', utr: expect.stringMatching(/^SIM\d{9}$/) });
    expect(await restarted.status('pout_sim_00000000000001', request('k-6', bank('99990000')))).toMatchObject({ status: 'failed', reason: SIMULATED_ACCOUNT_CLOSED });
  });
});
