import { randomBytes, randomInt } from 'node:crypto';
import type { PayoutProvider, PayoutRequest, PayoutResult } from './provider.js';

/**
 * The built-in payouts (the default), behaving like a bank transfer: `processing` when sent, `paid` with
 * a 12-character UTR ("SIM" and 9 digits) once `delayMs` has passed; the same key sent twice is one
 * payout. To see a payout fail, save a bank account number ending in 0000 or a UPI id starting with
 * "fail": after the delay it fails with the reason a bank would give.
 */
export const SIMULATED_ACCOUNT_CLOSED = 'The bank account was closed';
export const SIMULATED_UPI_UNKNOWN = 'The UPI id does not exist';
const DEFAULT_DELAY_MS = 5000;

export function simulatedPayoutFailure(req: PayoutRequest): string | null {
  const d = req.destination;
  if (d.kind === 'bank' && d.accountNumber?.endsWith('0000')) return SIMULATED_ACCOUNT_CLOSED;
  if (d.kind === 'vpa' && d.vpa?.toLowerCase().startsWith('fail')) return SIMULATED_UPI_UNKNOWN;
  return null;
}

const newUtr = () => `SIM${String(randomInt(0, 1e9)).padStart(9, '0')}`;

export function simulatedPayouts(opts: { delayMs?: number; now?: () => number } = {}): PayoutProvider {
  const delayMs = opts.delayMs ?? DEFAULT_DELAY_MS;
  const now = opts.now ?? Date.now;
  type Sent = { id: string; sentAt: number; utr: string };
  // Keyed by our idempotency key, so a key sent twice pays once; by the payout's id, for status().
  const byKey = new Map<string, Sent>();
  const byId = new Map<string, Sent>();

  function where(p: Sent, req: PayoutRequest): PayoutResult {
    if (now() - p.sentAt < delayMs) return { status: 'processing', providerPayoutId: p.id };
    const reason = simulatedPayoutFailure(req);
    return reason ? { status: 'failed', providerPayoutId: p.id, reason } : { status: 'paid', providerPayoutId: p.id, utr: p.utr };
  }

  return {
    name: 'simulated',
    async send(req) {
      const known = byKey.get(req.key);
      if (known) return where(known, req);
      const p = { id: `pout_sim_${randomBytes(7).toString('hex')}`, sentAt: now(), utr: newUtr() };
      byKey.set(req.key, p);
      byId.set(p.id, p);
      return { status: 'processing', providerPayoutId: p.id };
    },
    async status(providerPayoutId, req) {
      // State lives in memory: a payout sent before a restart is taken as sent long ago.
      let p = byId.get(providerPayoutId);
      if (!p) {
        p = { id: providerPayoutId, sentAt: -Infinity, utr: newUtr() };
        byId.set(p.id, p);
      }
      return where(p, req);
    },
  };
}
