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
}

/** Tells the buyers' open sockets their new unread count; called after the change is committed. */
export type PushUnread = (userIds: string[]) => Promise<void>;
