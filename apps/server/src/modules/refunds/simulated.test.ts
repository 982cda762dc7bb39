import { describe, expect, it } from 'vitest';
import type { RefundRequest } from './provider.js';
import { SIMULATED_REFUND_DECLINED, simulatedRefunds } from './simulated.js';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, tick: (ms: number) => (t += ms) };
}
const request = (refundId: string, amountPaise = 50_000): RefundRequest => ({ refundId, providerPaymentId: null, amountPaise, notes: { order: 'o1' } });

describe('simulated refunds', () => {
  it('answer pending with a gateway id, and processed once the delay has passed', async () => {
    const c = clock();
    const gateway = simulatedRefunds({ delayMs: 3000, now: c.now });
    expect(gateway.name).toBe('simulated');
    const req = request('r-1');
    const first = await gateway.refund(req);
    expect(first).toMatchObject({ status: 'pending', providerRefundId: expect.stringMatching(/^rfnd_sim_[0-9a-f]{14}$/) });
    const id = (first as { providerRefundId: string }).providerRefundId;
    c.tick(2999);
    expect(await gateway.status(id, req)).toEqual({ status: 'pending', providerRefundId: id });
    c.tick(1);
    expect(await gateway.status(id, req)).toEqual({ status: 'processed', providerRefundId: id });
  });

  it('refund once when the same refund id is asked twice', async () => {
    const c = clock();
    const gateway = simulatedRefunds({ delayMs: 3000, now: c.now });
    const first = await gateway.refund(request('r-2'));
    const again = await gateway.refund(request('r-2'));
    expect(again).toEqual(first);
    const other = await gateway.refund(request('r-3'));
    expect(other).toMatchObject({ status: 'pending' });
    expect(other).not.toEqual(first);
    // Asked again after the delay, it answers where the first refund stands, with the same id.
    c.tick(3000);
    expect(await gateway.refund(request('r-2'))).toEqual({ status: 'processed', providerRefundId: (first as { providerRefundId: string }).providerRefundId });
  });

  it('decline an amount ending in 13 paise, once the delay has passed', async () => {
    const c = clock();
    const gateway = simulatedRefunds({ delayMs: 3000, now: c.now });
    const req = request('r-4', 10_013);
    const first = await gateway.refund(req);
    expect(first.status).toBe('pending');
    c.tick(3000);
    expect(await gateway.status((first as { providerRefundId: string }).providerRefundId, req)).toEqual({ status: 'failed', reason: SIMULATED_REFUND_DECLINED });
    // One paisa off the trigger is processed.
    const near = request('r-5', 10_014);
    const ok = await gateway.refund(near);
    c.tick(3000);
    expect((await gateway.status((ok as { providerRefundId: string }).providerRefundId, near)).status).toBe('processed');
  });

  it('settle at once with no delay, and settle a refund it lost track of (a restart)', async () => {
    const gateway = simulatedRefunds({ delayMs: 0 });
    const first = await gateway.refund(request('r-6'));
    expect(first.status).toBe('pending');
    expect((await gateway.status((first as { providerRefundId: string }).providerRefundId, request('r-6'))).status).toBe('processed');
    const restarted = simulatedRefunds({ delayMs: 60_000 });
    expect(await restarted.status('rfnd_sim_00000000000000', request('r-7'))).toEqual({ status: 'processed', providerRefundId: 'rfnd_sim_00000000000000' });
  });

  it('wait 3 seconds by default', async () => {
    const c = clock();
    const gateway = simulatedRefunds({ now: c.now });
    const first = await gateway.refund(request('r-8'));
    const id = (first as { providerRefundId: string }).providerRefundId;
    c.tick(2000);
    expect((await gateway.status(id, request('r-8'))).status).toBe('pending');
    c.tick(1000);
    expect((await gateway.status(id, request('r-8'))).status).toBe('processed');
  });
});
