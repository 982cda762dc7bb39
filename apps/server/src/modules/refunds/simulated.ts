import { randomBytes } from 'node:crypto';
import type { RefundProvider, RefundRequest, RefundResult } from './provider.js';

/**
 * A gateway that behaves like a real one, for development and tests: a refund is `pending` when asked
 * and `processed` once `delayMs` has passed. To see a refund fail, refund an amount ending in 13 paise
 * (₹x.13, say a product priced ₹100.13): it is declined with SIMULATED_REFUND_DECLINED once the delay
 * has passed, as a bank would.
 */
export const SIMULATED_REFUND_DECLINED = 'The bank declined the refund';
const DEFAULT_DELAY_MS = 3000;

export function simulatedRefundFails(amountPaise: number): boolean {
  return amountPaise % 100 === 13;
}

export function simulatedRefunds(opts: { delayMs?: number; now?: () => number } = {}): RefundProvider {
  const delayMs = opts.delayMs ?? DEFAULT_DELAY_MS;
  const now = opts.now ?? Date.now;
  // Keyed by our refund id, so asking twice refunds once; by the gateway's id, for status().
  const byRefundId = new Map<string, { providerRefundId: string; askedAt: number }>();
  const askedAtById = new Map<string, number>();

  function where(providerRefundId: string, askedAt: number, req: RefundRequest): RefundResult {
    if (now() - askedAt < delayMs) return { status: 'pending', providerRefundId };
    if (simulatedRefundFails(req.amountPaise)) return { status: 'failed', reason: SIMULATED_REFUND_DECLINED };
    return { status: 'processed', providerRefundId };
  }

  return {
    name: 'simulated',
    async refund(req) {
      let entry = byRefundId.get(req.refundId);
      if (!entry) {
        entry = { providerRefundId: `rfnd_sim_${randomBytes(7).toString('hex')}`, askedAt: now() };
        byRefundId.set(req.refundId, entry);
        askedAtById.set(entry.providerRefundId, entry.askedAt);
        return { status: 'pending', providerRefundId: entry.providerRefundId };
      }
      return where(entry.providerRefundId, entry.askedAt, req);
    },
    async status(providerRefundId, req) {
      // State lives in memory: a refund asked before a restart is taken as asked long ago.
      return where(providerRefundId, askedAtById.get(providerRefundId) ?? -Infinity, req);
    },
  };
}
