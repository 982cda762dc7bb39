import type { OrderDetail, OrderItem } from '@live-market/contract/orders';
import { itemRefunds, type OrderRefund } from '@/lib/refunds';

/** The item's refund, if it was refunded alone; a failed refund counts only when nothing better exists. */
export function refundOfItem(order: Pick<OrderDetail, 'refunds'>, itemId: string): OrderRefund | null {
  const mine = itemRefunds(order, itemId);
  return mine.find((r) => r.status !== 'failed') ?? mine[0] ?? null;
}

/**
 * Issue 26: the seller may refund one item of a paid order that goes on (not cancelled) while at least
 * two items are still unrefunded; the last one is a cancellation, not a partial refund.
 */
export function canRefundItem(order: Pick<OrderDetail, 'status' | 'paymentStatus' | 'refunds' | 'items'>, item: Pick<OrderItem, 'id'>): boolean {
  if (order.paymentStatus !== 'paid' || order.status === 'cancelled') return false;
  const refunded = (i: Pick<OrderItem, 'id'>) => (refundOfItem(order, i.id)?.status ?? 'failed') !== 'failed';
  const left = order.items.filter((i) => !refunded(i)).length;
  return left >= 2 && !refunded(item);
}
