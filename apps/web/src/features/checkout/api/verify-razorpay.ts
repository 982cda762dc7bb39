import type { PaymentState } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';

export type RazorpayResponse = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

/** POST /api/payments/razorpay/verify: the server checks Razorpay's signature and captures the payment. */
export async function verifyRazorpay(body: RazorpayResponse): Promise<PaymentState> {
  const res = await apiRequest('POST', '/api/payments/razorpay/verify', body);
  return (await res.json()) as PaymentState;
}
