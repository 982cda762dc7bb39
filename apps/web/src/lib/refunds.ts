import type { OrderDetail } from '@live-market/contract/orders';

export type OrderRefund = OrderDetail['refunds'][number];

/** The refunds of the whole order (a cancelled paid order); an older answer may carry only `refund`. */
export function wholeOrderRefunds(order: Pick<OrderDetail, 'refund' | 'refunds'>): OrderRefund[] {
  const whole = order.refunds.filter((r) => r.orderItemId === null);
  if (whole.length || order.refunds.length || !order.refund) return whole;
  return [{ ...order.refund, orderItemId: null }];
}

/** The refunds of one item refunded alone (the seller could not send it). */
export function itemRefunds(order: Pick<OrderDetail, 'refunds'>, itemId: string): OrderRefund[] {
  return order.refunds.filter((r) => r.orderItemId === itemId);
}
