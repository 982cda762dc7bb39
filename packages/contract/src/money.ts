import { z } from 'zod';
import { singleLine } from './text.js';

// Issue 26: money after the order. Amounts travel as rupee strings ("799", "-39.95"); paise inside.

// shipping: the courier's charge for a parcel the store sent (issue 27), with GST on it as a service.
export const LEDGER_LINE_TYPES = ['sale', 'commission', 'commission_gst', 'tcs', 'tds', 'refund', 'reversal', 'payout', 'adjustment', 'shipping', 'shipping_gst'] as const;
export const LedgerLineType = z.enum(LEDGER_LINE_TYPES);
export type LedgerLineType = z.infer<typeof LedgerLineType>;

export const LedgerLine = z.object({
  id: z.uuid(),
  type: LedgerLineType,
  /** Signed rupees: what the line adds to (or takes from) the seller's balance. */
  amount: z.string(),
  orderId: z.uuid().optional(),
  payoutId: z.uuid().optional(),
  createdAt: z.iso.datetime(),
  note: z.string(),
});
export type LedgerLine = z.infer<typeof LedgerLine>;

/**
 * pending: earned on orders not delivered yet; onHold: delivered, inside the return window (or a return
 * is open); available: what the next payout pays; paidOut: payouts not failed. pending + onHold +
 * available is the sum of every line.
 */
export const SellerBalance = z.object({ pending: z.string(), available: z.string(), onHold: z.string(), paidOut: z.string() });
export type SellerBalance = z.infer<typeof SellerBalance>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-11-28');
export const LedgerQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  type: LedgerLineType.optional(),
  /** The last line of the page before: its createdAt and id. */
  cursor: z.string().max(100).optional(),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

export const SellerLedger = z.object({ balance: SellerBalance, lines: z.array(LedgerLine), nextCursor: z.string().nullable() });
export type SellerLedger = z.infer<typeof SellerLedger>;

export const MonthParam = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Months look like 2026-11') });

// Payout accounts: a bank account (IFSC and number) or a UPI id.
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = /^\d{9,18}$/;
// name@handle: what NPCI's UPI ids look like (the handle is the bank's or app's).
const VPA = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/;

const holder = singleLine().min(2, 'Enter the account holder’s name').max(100, 'The name is too long');
export const PayoutAccountBody = z.union([
  z.object({
    accountHolderName: holder,
    ifsc: z.string().trim().toUpperCase().regex(IFSC, 'Enter a valid IFSC, like SBIN0001234'),
    accountNumber: z.string().trim().regex(ACCOUNT_NUMBER, 'Enter a valid account number (9 to 18 digits)'),
  }).strict(),
  z.object({
    accountHolderName: holder,
    vpa: z.string().trim().regex(VPA, 'Enter a valid UPI id, like name@okbank'),
  }).strict(),
], { error: 'Enter a bank account (IFSC and account number) or a UPI id' });
export type PayoutAccountBody = z.infer<typeof PayoutAccountBody>;

/** GET /api/seller/payout-account: numbers masked (the last four digits shown). */
export const PayoutAccount = z.object({
  kind: z.enum(['bank', 'vpa']),
  accountHolderName: z.string(),
  ifsc: z.string().nullable(),
  accountNumberMasked: z.string().nullable(),
  vpaMasked: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type PayoutAccount = z.infer<typeof PayoutAccount>;

export const PayoutStatus = z.enum(['pending', 'processing', 'paid', 'failed']);
export type PayoutStatus = z.infer<typeof PayoutStatus>;
export const Payout = z.object({
  id: z.uuid(),
  amount: z.string(),
  status: PayoutStatus,
  utr: z.string().nullable(),
  /** Failed: why, in words the seller can act on. */
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type Payout = z.infer<typeof Payout>;
export const PayoutList = z.array(Payout);

export const RefundStatus = z.enum(['pending', 'processed', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatus>;
export const Refund = z.object({
  id: z.uuid(),
  amount: z.string(),
  status: RefundStatus,
  /**
   * Where the money goes: back the way it came, to a UPI id, or as store credit. Null: an order paid in
   * cash on delivery, whose buyer has yet to choose between a UPI id and store credit.
   */
  method: z.enum(['original', 'upi', 'store_credit']).nullable(),
  processedAt: z.iso.datetime().nullable(),
});
export type Refund = z.infer<typeof Refund>;

/** The buyer of a cash-on-delivery order chooses where its refund goes. */
export const RefundMethodBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('upi'), vpa: z.string().trim().regex(VPA, 'Enter a valid UPI id, like name@okbank') }),
  z.object({ method: z.literal('store_credit') }),
]);
export type RefundMethodBody = z.infer<typeof RefundMethodBody>;
export const RefundParams = z.object({ orderId: z.uuid('Invalid order id'), refundId: z.uuid('Invalid refund id') });

/** A buyer's store credit: refunds kept as credit, less what paid for orders. */
export const StoreCreditLine = z.object({ id: z.uuid(), amount: z.string(), orderId: z.uuid().nullable(), createdAt: z.iso.datetime() });
export const StoreCredit = z.object({ balance: z.string(), lines: z.array(StoreCreditLine) });
export type StoreCredit = z.infer<typeof StoreCredit>;

export const CancelOrderBody = z.object({ reason: singleLine().max(500, 'The reason is too long').optional() });
export type CancelOrderBody = z.infer<typeof CancelOrderBody>;

/** The seller refunds one item of several (one cannot be sent, say); the rest of the order goes on. */
export const RefundItemBody = z.object({
  orderItemId: z.uuid('Invalid order item id'),
  reason: singleLine().max(500, 'The reason is too long').optional(),
});
export type RefundItemBody = z.infer<typeof RefundItemBody>;

// GST: a seller's business details print on their invoices. A GSTIN's first two digits are its state.
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
export const BusinessDetailsBody = z.object({
  legalName: singleLine().min(2, 'Enter the business’s legal name').max(120, 'The name is too long'),
  address: singleLine().min(10, 'Enter the full business address').max(300, 'The address is too long'),
  /** Two-digit GST state code (27 Maharashtra, 33 Tamil Nadu…): where the business is. */
  stateCode: z.string().regex(/^\d{2}$/, 'Choose the business’s state'),
  gstin: z.string().trim().toUpperCase().regex(GSTIN, 'Enter a valid GSTIN (15 characters)').optional(),
  /** A small seller without a GSTIN sells within their state under a GST enrolment number. */
  enrolmentNumber: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{10,20}$/, 'Enter a valid enrolment number').optional(),
  pan: z.string().trim().toUpperCase().regex(PAN, 'Enter a valid PAN, like ABCDE1234F').optional(),
}).superRefine((b, ctx) => {
  if (!b.gstin && !b.enrolmentNumber) ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'Enter your GSTIN or GST enrolment number' });
  if (b.gstin && b.gstin.slice(0, 2) !== b.stateCode) ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'This GSTIN belongs to another state' });
  if (b.gstin && b.pan && b.gstin.slice(2, 12) !== b.pan) ctx.addIssue({ code: 'custom', path: ['pan'], message: 'This PAN is not the one in your GSTIN' });
});
export type BusinessDetailsBody = z.infer<typeof BusinessDetailsBody>;
export const BusinessDetails = z.object({
  legalName: z.string(),
  address: z.string(),
  stateCode: z.string(),
  gstin: z.string().nullable(),
  enrolmentNumber: z.string().nullable(),
  pan: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type BusinessDetails = z.infer<typeof BusinessDetails>;



/**
 * GST defaults per category (issue 26): the HSN code and rate a new product gets until its seller
 * changes them. Imitation jewellery 7117 at 3%; women's apparel 6204 at 5% (up to ₹2,500 a piece);
 * phones 8517 at 18%; furniture 9403 at 18%; beauty preparations 3304 at 18%; sports goods 9506 at 12%.
 */
export const CATEGORY_TAX: Record<string, { hsnCode: string; gstRatePercent: number }> = {
  jewelry: { hsnCode: '7117', gstRatePercent: 3 },
  fashion: { hsnCode: '6204', gstRatePercent: 5 },
  electronics: { hsnCode: '8517', gstRatePercent: 18 },
  home: { hsnCode: '9403', gstRatePercent: 18 },
  beauty: { hsnCode: '3304', gstRatePercent: 18 },
  sports: { hsnCode: '9506', gstRatePercent: 12 },
};
export const GST_RATE_PERCENTS = [0, 0.25, 3, 5, 12, 18, 28] as const;
export const HsnCode = z.string().trim().regex(/^\d{4}(\d{2}){0,2}$/, 'An HSN code has 4, 6 or 8 digits');
export const GstRatePercent = z.number().refine((v) => (GST_RATE_PERCENTS as readonly number[]).includes(v), 'Choose a GST rate: 0, 0.25, 3, 5, 12, 18 or 28%');
