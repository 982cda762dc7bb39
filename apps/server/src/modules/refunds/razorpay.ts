import { z } from 'zod';
import { enc, gatewayKey, razorpayApi, type ApiFetch, type RazorpayApiKeys } from '../payments/razorpay-api.js';
import type { RefundProvider, RefundRequest, RefundResult } from './provider.js';

// Razorpay's Refunds API (docs: razorpay.com/docs/api/refunds): POST /v1/payments/{id}/refund,
// GET /v1/refunds/{id}, GET /v1/payments/{id}/refunds. A refund is `pending`, `processed` or `failed`.

const Refund = z.object({
  id: z.string().min(1),
  status: z.enum(['pending', 'processed', 'failed']),
  receipt: z.string().nullish(),
});
type Refund = z.infer<typeof Refund>;
const RefundList = z.object({ items: z.array(Refund) });

/** "The idempotency key must be at least 10 character long and can contain alphabets, numbers, hyphens and underscores only." */
const REFUND_KEY_MAX = 36;
/** Fetch Multiple Refunds for a Payment returns 10 by default; 100 is its largest page. */
const REFUNDS_PAGE = 100;
const FAILED_REASON = 'The payment gateway could not complete the refund';

function toResult(r: Refund): RefundResult {
  if (r.status === 'failed') return { status: 'failed', reason: FAILED_REASON };
  return { status: r.status, providerRefundId: r.id };
}

export function razorpayRefunds(keys: RazorpayApiKeys, fetchImpl: ApiFetch): RefundProvider {
  const call = razorpayApi(keys, fetchImpl);
  return {
    name: 'razorpay',

    async refund(req: RefundRequest): Promise<RefundResult> {
      if (!req.providerPaymentId) return { status: 'failed', reason: 'The payment has no Razorpay payment to refund' };
      const payment = enc(req.providerPaymentId);
      // Our refund id is both the receipt and the idempotency key. The key guards against two requests
      // racing; the receipt look-up against a retry that comes after Razorpay has forgotten the key.
      const made = await call('GET', `/v1/payments/${payment}/refunds?count=${REFUNDS_PAGE}`, RefundList);
      if (!made.ok) return { status: 'failed', reason: made.description };
      const earlier = made.body.items.find((r) => r.receipt === req.refundId);
      if (earlier) return toResult(earlier);
      const res = await call('POST', `/v1/payments/${payment}/refund`, Refund, {
        headers: { 'x-refund-idempotency': gatewayKey(req.refundId, REFUND_KEY_MAX) },
        body: { amount: req.amountPaise, speed: 'optimum', receipt: req.refundId, notes: req.notes },
      });
      return res.ok ? toResult(res.body) : { status: 'failed', reason: res.description };
    },

    async status(providerRefundId: string): Promise<RefundResult> {
      const res = await call('GET', `/v1/refunds/${enc(providerRefundId)}`, Refund);
      return res.ok ? toResult(res.body) : { status: 'failed', reason: res.description };
    },
  };
}
