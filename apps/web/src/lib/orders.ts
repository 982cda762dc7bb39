import 'virtual:english-load/checkout';
import 'virtual:english-load/orders';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@live-market/contract/catalog';
import { ORDER_ID_DISPLAY_LENGTH } from '@live-market/contract/constants';

// A copy of the contract's ORDER_STATUSES: importing the value would pull catalog.ts and zod into
// the orders chunk. `satisfies` keeps the two in step.
const STATUSES = ['pending', 'confirmed', 'shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned_to_origin', 'cancelled'] as const satisfies readonly OrderStatus[];

/** SPEC section 9: 'Order #' plus the last 8 characters of the id in upper case. */
export function orderNumber(id: string): string {
  return id.slice(-ORDER_ID_DISPLAY_LENGTH).toUpperCase();
}

/** SPEC section 4: an unknown or missing status is shown as pending. */
export function displayStatus(status: string | null | undefined): OrderStatus {
  return (STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : 'pending';
}

/** en.json keys of the payment methods and payment statuses (the spec's default status is 'Pending'). */
export const PAYMENT_METHOD_KEYS = {
  upi: 'checkout.method_upi',
  card: 'checkout.method_card',
  wallet: 'checkout.method_wallet',
  cod: 'checkout.method_cod',
  store_credit: 'checkout.method_store_credit',
} as const satisfies Record<PaymentMethod, string>;

export const PAYMENT_STATUS_KEYS = {
  pending: 'orders.payment_pending',
  paid: 'orders.payment_paid',
  failed: 'orders.payment_failed',
  refunded: 'orders.payment_refunded',
} as const satisfies Record<PaymentStatus, string>;

export function paymentStatusKey(status: string | null | undefined): (typeof PAYMENT_STATUS_KEYS)[PaymentStatus] {
  return PAYMENT_STATUS_KEYS[(status ?? 'pending') as PaymentStatus] ?? PAYMENT_STATUS_KEYS.pending;
}
