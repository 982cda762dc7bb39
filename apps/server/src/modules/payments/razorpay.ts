import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.js';

export const RAZORPAY_ORDERS_URL = 'https://api.razorpay.com/v1/orders';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of two hex signatures (a wrong length is simply a mismatch). */
export function signatureMatches(expectedHex: string, givenHex: string | undefined): boolean {
  if (!givenHex || !/^[0-9a-f]+$/i.test(givenHex)) return false;
  const a = Buffer.from(expectedHex, 'hex');
  const b = Buffer.from(givenHex.toLowerCase(), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checkout's success handler: signature = HMAC-SHA256(`${order_id}|${payment_id}`, key_secret). */
export function verifyPaymentSignature(keys: RazorpayKeys, orderId: string, paymentId: string, signature: string): boolean {
  return signatureMatches(hmacHex(keys.keySecret, `${orderId}|${paymentId}`), signature);
}

/** Webhooks: X-Razorpay-Signature = HMAC-SHA256(raw request body, webhook secret). */
export function verifyWebhookSignature(keys: RazorpayKeys, rawBody: Buffer, signature: string | undefined): boolean {
  return signatureMatches(hmacHex(keys.webhookSecret, rawBody), signature);
}

/** Orders API: the order Checkout pays. Amount in paise; our payment id is the receipt. */
export async function createRazorpayOrder(
  keys: RazorpayKeys,
  fetchImpl: FetchLike,
  order: { amountPaise: number; receipt: string; notes: Record<string, string> },
): Promise<string> {
  const auth = Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64');
  let res: Awaited<ReturnType<FetchLike>>;
  try {
    res = await fetchImpl(RAZORPAY_ORDERS_URL, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: order.amountPaise, currency: 'INR', receipt: order.receipt, notes: order.notes }),
    });
  } catch {
    res = { ok: false, status: 0, json: async () => null };
  }
  const body = (res.ok ? await res.json().catch(() => null) : null) as { id?: unknown } | null;
  if (typeof body?.id !== 'string') throw new HttpError(502, 'The payment gateway is unavailable. Please try again.');
  return body.id;
}

// The part of Razorpay's webhook we read (its own shape, not our contract's); anything else passes by.
// Its names and ids are printable ASCII ("payment.captured", "order_…"): PostgreSQL cannot store a NUL,
// so anything else is a 400, not a 500 (issue 25).
const name = z.string().max(200).regex(/^[\x21-\x7E]*$/);
const WebhookEntity = z.object({ id: name.optional(), order_id: name.nullish() });
export const RazorpayWebhook = z.object({
  event: name.optional(),
  payload: z
    .object({
      payment: z.object({ entity: WebhookEntity.optional() }).optional(),
      order: z.object({ entity: WebhookEntity.optional() }).optional(),
      refund: z.object({ entity: WebhookEntity.optional() }).optional(),
      payout: z.object({ entity: WebhookEntity.optional() }).optional(),
    })
    .optional(),
});
export type RazorpayWebhook = z.infer<typeof RazorpayWebhook>;

/** What a webhook means for us: which gateway order, and whether its money was captured or failed. */
export function readWebhook(body: RazorpayWebhook): { razorpayOrderId: string; paymentId?: string; outcome: 'captured' | 'failed' } | null {
  const payment = body.payload?.payment?.entity;
  const razorpayOrderId = payment?.order_id ?? body.payload?.order?.entity?.id ?? undefined;
  if (!razorpayOrderId) return null;
  if (body.event === 'payment.captured' || body.event === 'order.paid') return { razorpayOrderId, paymentId: payment?.id, outcome: 'captured' };
  if (body.event === 'payment.failed') return { razorpayOrderId, paymentId: payment?.id, outcome: 'failed' };
  return null;
}

/** A refund (Refunds API) or a payout (RazorpayX) changed: which of ours to look at again. */
export type MoneyWebhook = { kind: 'refund' | 'payout'; providerId: string };

const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed']);
const PAYOUT_EVENTS = new Set(['payout.processed', 'payout.reversed', 'payout.failed', 'payout.rejected', 'payout.updated']);

/**
 * Refund and payout events only say "look again": the job asks the API where the refund or payout
 * stands, exactly as when it polls, so an event adds speed, not a second way of settling money.
 */
export function readMoneyWebhook(body: RazorpayWebhook): MoneyWebhook | null {
  const event = body.event ?? '';
  const refundId = body.payload?.refund?.entity?.id;
  if (REFUND_EVENTS.has(event) && refundId) return { kind: 'refund', providerId: refundId };
  const payoutId = body.payload?.payout?.entity?.id;
  if (PAYOUT_EVENTS.has(event) && payoutId) return { kind: 'payout', providerId: payoutId };
  return null;
}
