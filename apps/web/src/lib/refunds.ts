import type { OrderDetail } from '@live-market/contract/orders';

export type OrderRefund = OrderDetail['refunds'][number];

/** The refunds of the whole order (a cancelled paid order); an older answer may carry only `refund`. */
export function wholeOrderRefunds(order: Pick<OrderDetail, 'refund' | 'refunds'>): OrderRefund[] {
  const whole = order.refunds.filter((r) => r.orderItemId === null);
  if (whole.length || order.refunds.length || !order.refund) return whole;
  return [{ ...order.refund, orderItemId: null, quantity: null }];
}

/** The refunds of one item refunded alone (the seller could not send it). */
export function itemRefunds(order: Pick<OrderDetail, 'refunds'>, itemId: string): OrderRefund[] {
  return order.refunds.filter((r) => r.orderItemId === itemId);
}

/** Units of an item given back by its refunds that did not fail (a return may send back some of them). */
export function unitsRefunded(order: Pick<OrderDetail, 'refunds'>, item: { id: string; quantity: number }): number {
  const units = itemRefunds(order, item.id)
    .filter((r) => r.status !== 'failed')
    .reduce((n, r) => n + (r.quantity ?? item.quantity), 0);
  return Math.min(units, item.quantity);
}
