/** Where a payout goes, as saved (payout_accounts). */
export interface PayoutDestination {
  kind: 'bank' | 'vpa';
  accountHolderName: string;
  ifsc: string | null;
  accountNumber: string | null;
  vpa: string | null;
  /** RazorpayX's contact and fund account, once made (the provider returns them to be kept). */
  providerContactId: string | null;
  providerAccountId: string | null;
}

/** One payout. `key` is our idempotency reference: sending the same key twice pays once. */
export interface PayoutRequest {
  payoutId: string;
  key: string;
  sellerId: string;
  amountPaise: number;
  destination: PayoutDestination;
  narration: string;
}

export type PayoutResult =
  | { status: 'processing'; providerPayoutId: string }
  | { status: 'paid'; providerPayoutId: string; utr: string }
  | { status: 'failed'; providerPayoutId: string | null; reason: string };

/** Payouts behind one interface (decision 040): `simulated` (the default) or Razorpay (RazorpayX or Route). */
export interface PayoutProvider {
  readonly name: 'simulated' | 'razorpay';
  /** Starts a payout; may also return the provider's ids of the destination, to be kept. */
  send(req: PayoutRequest): Promise<PayoutResult & { destinationIds?: { contactId: string; accountId: string } }>;
  /** A payout in processing: where it stands now. */
  status(providerPayoutId: string, req: PayoutRequest): Promise<PayoutResult>;
}
