/** One refund asked of the gateway. `refundId` is our idempotency reference: asking twice refunds once. */
export interface RefundRequest {
  refundId: string;
  /** The gateway's id of the captured payment (Razorpay: pay_…); null for the simulated gateway. */
  providerPaymentId: string | null;
  amountPaise: number;
  notes: Record<string, string>;
}

export type RefundResult =
  | { status: 'processed'; providerRefundId: string }
  | { status: 'pending'; providerRefundId: string }
  | { status: 'failed'; reason: string };

/** Refunds behind one interface (decision 040): `simulated` (the default) or Razorpay's Refunds API. */
export interface RefundProvider {
  readonly name: 'simulated' | 'razorpay';
  refund(req: RefundRequest): Promise<RefundResult>;
  /** A refund the gateway had not finished: where it stands now. */
  status(providerRefundId: string, req: RefundRequest): Promise<RefundResult>;
}
