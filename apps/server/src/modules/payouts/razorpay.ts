import { z } from 'zod';
import { enc, gatewayKey, ProviderRefused, razorpayApi, type ApiFetch, type RazorpayApiKeys } from '../payments/razorpay-api.js';
import type { PayoutDestination, PayoutProvider, PayoutRequest, PayoutResult } from './provider.js';

// RazorpayX payouts (docs: razorpay.com/docs/api/x): a contact (POST /v1/contacts), its fund account
// (POST /v1/fund_accounts), then POST /v1/payouts with the X-Payout-Idempotency header, and
// GET /v1/payouts/{id}. Route (docs: razorpay.com/docs/api/payments/route): transfers out of a captured
// payment to a seller's linked account, held until a date, and their reversals.

export interface RazorpayXKeys extends RazorpayApiKeys {
  /** The RazorpayX account the money is paid from (not the seller's). */
  accountNumber: string;
}

/** "The idempotency key (4-36 characters) can only contain alphabets, numbers, hyphens, underscores and space." */
const PAYOUT_KEY_MAX = 36;
/** IMPS carries at most ₹5 lakh; above it a bank payout goes by NEFT. */
const IMPS_MAX_PAISE = 5_00_000_00;
/** Payout narration: at most 30 characters, letters, digits and spaces. */
const NARRATION_MAX = 30;

const Id = z.object({ id: z.string().min(1) });
const Payout = z.object({
  id: z.string().min(1),
  status: z.string(),
  utr: z.string().nullish(),
  status_details: z.object({ description: z.string().nullish() }).nullish(),
  failure_reason: z.string().nullish(),
});
type Payout = z.infer<typeof Payout>;

function toResult(p: Payout): PayoutResult {
  switch (p.status) {
    case 'processed':
      return { status: 'paid', providerPayoutId: p.id, utr: p.utr ?? '' };
    case 'reversed':
    case 'failed':
    case 'rejected':
    case 'cancelled':
      return { status: 'failed', providerPayoutId: p.id, reason: p.status_details?.description || p.failure_reason || `The payout was ${p.status}` };
    default:
      // queued, pending (approval), scheduled, processing: still on its way.
      return { status: 'processing', providerPayoutId: p.id };
  }
}

function fundAccountBody(contactId: string, d: PayoutDestination) {
  if (d.kind === 'vpa') return { contact_id: contactId, account_type: 'vpa', vpa: { address: d.vpa } };
  return { contact_id: contactId, account_type: 'bank_account', bank_account: { name: d.accountHolderName, ifsc: d.ifsc, account_number: d.accountNumber } };
}

export function razorpayPayouts(keys: RazorpayXKeys, fetchImpl: ApiFetch): PayoutProvider {
  const call = razorpayApi(keys, fetchImpl);

  /** The fund account to pay, made once per destination. Razorpay answers a contact or fund account that already exists with the same details by returning it, so a retry makes no second one. */
  async function destination(req: PayoutRequest): Promise<{ ok: true; contactId: string; accountId: string; made: boolean } | { ok: false; reason: string }> {
    const d = req.destination;
    if (d.providerAccountId) return { ok: true, contactId: d.providerContactId ?? '', accountId: d.providerAccountId, made: false };
    let contactId = d.providerContactId;
    if (!contactId) {
      const contact = await call('POST', '/v1/contacts', Id, { body: { name: d.accountHolderName.slice(0, 50), type: 'vendor', reference_id: req.sellerId } });
      if (!contact.ok) return { ok: false, reason: contact.description };
      contactId = contact.body.id;
    }
    const account = await call('POST', '/v1/fund_accounts', Id, { body: fundAccountBody(contactId, d) });
    if (!account.ok) return { ok: false, reason: account.description };
    return { ok: true, contactId, accountId: account.body.id, made: true };
  }

  return {
    name: 'razorpay',

    async send(req) {
      const to = await destination(req);
      if (!to.ok) return { status: 'failed', providerPayoutId: null, reason: to.reason };
      const destinationIds = to.made ? { destinationIds: { contactId: to.contactId, accountId: to.accountId } } : {};
      const mode = req.destination.kind === 'vpa' ? 'UPI' : req.amountPaise > IMPS_MAX_PAISE ? 'NEFT' : 'IMPS';
      const key = gatewayKey(req.key, PAYOUT_KEY_MAX);
      const narration = req.narration.replace(/[^A-Za-z0-9 ]+/g, ' ').replace(/ +/g, ' ').trim().slice(0, NARRATION_MAX).trim();
      const res = await call('POST', '/v1/payouts', Payout, {
        headers: { 'x-payout-idempotency': key },
        body: {
          account_number: keys.accountNumber,
          fund_account_id: to.accountId,
          amount: req.amountPaise,
          currency: 'INR',
          mode,
          purpose: 'payout',
          queue_if_low_balance: true,
          reference_id: key,
          ...(narration ? { narration } : {}),
          notes: { payout: req.payoutId, key: req.key },
        },
      });
      if (!res.ok) return { status: 'failed', providerPayoutId: null, reason: res.description, ...destinationIds };
      return { ...toResult(res.body), ...destinationIds };
    },

    async status(providerPayoutId) {
      const res = await call('GET', `/v1/payouts/${enc(providerPayoutId)}`, Payout);
      return res.ok ? toResult(res.body) : { status: 'failed', providerPayoutId, reason: res.description };
    },
  };
}

const Transfer = z.object({
  id: z.string().min(1),
  recipient: z.string().nullish(),
  amount: z.number().nullish(),
  notes: z.unknown(),
  transfer_status: z.string().nullish(),
  status: z.string().nullish(),
  error: z.object({ description: z.string().nullish() }).nullish(),
});
const Transfers = z.object({ items: z.array(Transfer) });
const Reversals = z.object({ items: z.array(z.object({ id: z.string().min(1), notes: z.unknown() })) });

const sameNotes = (a: unknown, b: Record<string, string>) =>
  !!a && typeof a === 'object' && !Array.isArray(a) && Object.keys(b).length === Object.keys(a).length && Object.entries(b).every(([k, v]) => (a as Record<string, unknown>)[k] === v);

/**
 * Route: moves a seller's share of a captured payment to their linked account, its settlement held
 * until `onHoldUntil` (the return window). Razorpay has no idempotency key for transfers, so a transfer
 * already made from this payment to this account, for this amount and with these notes, is found first
 * and returned instead of making a second one. Returns the transfer id (trf_…).
 */
export async function createRouteTransfer(
  keys: RazorpayApiKeys,
  fetchImpl: ApiFetch,
  t: { providerPaymentId: string; linkedAccountId: string; amountPaise: number; onHoldUntil: Date; notes: Record<string, string> },
): Promise<string> {
  const call = razorpayApi(keys, fetchImpl);
  const path = `/v1/payments/${enc(t.providerPaymentId)}/transfers`;
  const made = await call('GET', path, Transfers);
  if (!made.ok) throw new ProviderRefused(made.description, made.status);
  const earlier = made.body.items.find(
    (x) => x.recipient === t.linkedAccountId && x.amount === t.amountPaise && (x.transfer_status ?? x.status) !== 'failed' && sameNotes(x.notes, t.notes),
  );
  if (earlier) return earlier.id;
  const res = await call('POST', path, Transfers, {
    body: { transfers: [{ account: t.linkedAccountId, amount: t.amountPaise, currency: 'INR', notes: t.notes, on_hold: true, on_hold_until: Math.floor(t.onHoldUntil.getTime() / 1000) }] },
  });
  if (!res.ok) throw new ProviderRefused(res.description, res.status);
  const transfer = res.body.items[0];
  if (!transfer) throw new ProviderRefused('Razorpay made no transfer', 200);
  if ((transfer.transfer_status ?? transfer.status) === 'failed') throw new ProviderRefused(transfer.error?.description || 'The transfer failed', 200);
  return transfer.id;
}

/**
 * Route: takes `amountPaise` back from a transfer (a refund after the seller was paid). With `key`, a
 * reversal already made under that key (kept in its notes) is returned instead of reversing twice.
 * Returns the reversal id (rvrsl_…).
 */
export async function reverseRouteTransfer(keys: RazorpayApiKeys, fetchImpl: ApiFetch, transferId: string, amountPaise: number, key?: string): Promise<string> {
  const call = razorpayApi(keys, fetchImpl);
  const path = `/v1/transfers/${enc(transferId)}/reversals`;
  const notes: Record<string, string> = key ? { key } : {};
  if (key) {
    const made = await call('GET', path, Reversals);
    if (!made.ok) throw new ProviderRefused(made.description, made.status);
    const earlier = made.body.items.find((r) => sameNotes(r.notes, notes));
    if (earlier) return earlier.id;
  }
  const res = await call('POST', path, Id, { body: { amount: amountPaise, notes } });
  if (!res.ok) throw new ProviderRefused(res.description, res.status);
  return res.body.id;
}
