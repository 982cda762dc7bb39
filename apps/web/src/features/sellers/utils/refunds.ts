import type { OrderDetail, OrderItem } from '@live-market/contract/orders';
import { itemRefunds, unitsRefunded, type OrderRefund } from '@/lib/refunds';

/**
 * The item's refunds to show: those that did not fail (a return may have refunded some units, then the
 * store the rest); a failed one only when nothing better exists.
 */
export function refundsOfItem(order: Pick<OrderDetail, 'refunds'>, itemId: string): OrderRefund[] {
  const mine = itemRefunds(order, itemId);
  const good = mine.filter((r) => r.status !== 'failed');
  return good.length ? good : mine.slice(0, 1);
}

/** Units of the item not refunded yet: what 'Refund item' gives back. */
export function unitsLeft(order: Pick<OrderDetail, 'refunds'>, item: Pick<OrderItem, 'id' | 'quantity'>): number {
  return item.quantity - unitsRefunded(order, item);
}

/**
 * Issue 26: the seller may refund one item of a paid order that goes on (not cancelled) while at least
 * two items still have units unrefunded; the last one is a cancellation, not a partial refund.
 */
export function canRefundItem(order: Pick<OrderDetail, 'status' | 'paymentStatus' | 'refunds' | 'items'>, item: Pick<OrderItem, 'id' | 'quantity'>): boolean {
  if (order.paymentStatus !== 'paid' || order.status === 'cancelled') return false;
  const left = order.items.filter((i) => unitsLeft(order, i) > 0).length;
  return left >= 2 && unitsLeft(order, item) > 0;
}
