import type { PaymentAction } from '@live-market/contract';
import type { Tx } from '../../db/client.js';

// What the orders module needs from others, as interfaces app.ts wires up: the order service and the
// status service both use them, and neither imports the other for them.

/** What orders need from payments; the payments module provides it (app.ts wires the two). */
export interface OrderPayments {
  /** Opens a payment for a new order, inside the order's transaction. */
  open(tx: Tx, p: { userId: string; orderId: string; amount: string; method: 'upi' | 'card' | 'wallet' }): Promise<void>;
  /** What the client does next to pay the order (may call the gateway, so never inside a transaction). */
  actionForOrder(orderId: string): Promise<PaymentAction>;
  /** The buyer cancelled: the order's open payment is failed so a late approval cannot take money for it. */
  failOpen(tx: Tx, orderId: string): Promise<void>;
  /** When the order's open payment was made (ms), or null when none is open. */
  openSince(tx: Tx, orderId: string): Promise<number | null>;
  /** How long a payment may stay open before it is failed (PAYMENT_TIMEOUT_MINUTES). */
  readonly timeoutMs: number;
}

/** Tells the buyers' open sockets their new unread count; called after the change is committed. */
export type PushUnread = (userIds: string[]) => Promise<void>;

/** What an order bought at a flash deal's price needs from the deals module (app.ts wires it). */
export interface OrderDeals {
  /** Takes units for the order inside its transaction; throws the buyer's error. Returns the price and the show. */
  take(tx: Tx, want: { dealId: string; userId: string; productId: string; quantity: number }): Promise<{ price: string; streamId: string }>;
  /** The order's units come back (cancelled, payment failed or timed out). */
  release(tx: Tx, dealId: string, quantity: number): Promise<void>;
  /** Before the transaction: throws "Sold out" for a deal known sold out on this instance (decision 051). */
  refuseSoldOut?(dealId: string, userId: string): void;
}

/** What a won auction's order needs from the auctions module when it ends unpaid or cancelled. */
export interface OrderAuctions {
  /** The unit goes to the next bidder (buyer cancelled, or did not pay in time) or back on sale (seller cancelled). */
  release(tx: Tx, auctionId: string, by: 'buyer' | 'seller' | 'payment'): Promise<void>;
}

/** The job that ends an awaiting-payment order not paid by its payBy time. */
export const ORDER_PAY_BY_JOB = 'order-pay-by';

/** What orders need from the money modules (ledger, refunds, invoices; app.ts wires them). */
export interface OrderMoney {
  /** A prepaid order paid, or a COD order delivered: the seller earns it and its tax invoice is issued. */
  earned(tx: Tx, orderId: string): Promise<void>;
  /**
   * A paid order (or one item of it, or some units of that item for a return) is cancelled: its
   * refund, once. Returns whether one was made.
   */
  refund(tx: Tx, req: { orderId: string; orderItemId?: string; quantity?: number; returnId?: string; reason: string | null; buyerId: string; ref: string }): Promise<boolean>;
  /** Units of each of the order's items refunded alone so far. */
  refundedItems(tx: Tx, orderId: string): Promise<Map<string, number>>;
  /** Money the gateway took for an order cancelled meanwhile: all of it goes back. */
  refundUnearned(tx: Tx, req: { orderId: string; buyerId: string; ref: string }): Promise<void>;
}

/** What orders need from the shipping module (issue 27). */
export interface OrderParcels {
  /** The order is in a parcel booked with the courier: it can no longer be cancelled. */
  packed(tx: Tx, orderId: string): Promise<boolean>;
}

/** Cash on delivery above COD_CONFIRM_ABOVE_RUPEES waits for the buyer's confirmation (issue 27). */
export interface OrderCod {
  /** A COD order was placed (or a won auction paid with COD), inside its transaction. */
  placed(tx: Tx, o: { orderId: string; userId: string; totalPaise: number; phone: string }): Promise<void>;
}
