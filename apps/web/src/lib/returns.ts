import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReturnStatus } from '@live-market/contract/catalog';
import type { ReturnReason, ReturnRequest } from '@live-market/contract/shipping';
import type { OrderDetail, OrderItem } from '@live-market/contract/orders';
import { apiRequest } from '@/lib/api-client';
import { unitsRefunded } from '@/lib/refunds';

// Copies of the contract's lists: importing the values would pull shipping.ts and zod into the orders
// and dashboard chunks. `satisfies` keeps them in step.
export const RETURN_REASONS = ['damaged', 'wrong_item', 'not_as_described', 'size', 'changed_mind'] as const satisfies readonly ReturnReason[];
const ESCALATABLE: readonly ReturnReason[] = ['damaged', 'wrong_item', 'not_as_described'];

/** The contract's limit on the buyer's note and the seller's answer (the server checks it again). */
export const RETURN_NOTE_MAX = 500;

/** A refused return the buyer may take to LiveMarket: only for a fault of the item, not a change of mind. */
export function isEscalatable(ret: Pick<ReturnRequest, 'status' | 'reason'>): boolean {
  return ret.status === 'rejected' && ESCALATABLE.includes(ret.reason);
}

const ON_THE_WAY: readonly ReturnStatus[] = ['requested', 'approved', 'pickup_scheduled', 'picked_up', 'received', 'refunded'];

/** The steps a return goes through to where it is now: a refused one branches off after 'requested'. */
export function returnSteps(status: ReturnStatus): readonly ReturnStatus[] {
  if (status === 'rejected') return ['requested', 'rejected'];
  if (status === 'escalated') return ['requested', 'rejected', 'escalated'];
  return ON_THE_WAY;
}

/**
 * The order's lines with units the buyer may still send back, each with that many as its quantity. A
 * return's refund is among the refunded units and its units among the returned ones, and the store
 * refunds only the whole rest of a line: so the larger of the two is gone, never their sum (as the
 * server counts).
 */
export function returnableItems(order: Pick<OrderDetail, 'items' | 'refunds'>, returns: readonly Pick<ReturnRequest, 'status' | 'items'>[]): OrderItem[] {
  const returned = (id: string) =>
    returns
      .filter((r) => r.status !== 'rejected')
      .flatMap((r) => r.items)
      .filter((i) => i.orderItemId === id)
      .reduce((n, i) => n + i.quantity, 0);
  return order.items.flatMap((item) => {
    const left = item.quantity - Math.max(unitsRefunded(order, item), returned(item.id));
    return left > 0 ? [{ ...item, quantity: left }] : [];
  });
}

export const orderReturnsKey = (orderId: string) => ['/api/orders', orderId, 'returns'] as const;

/** GET /api/orders/{id}/returns: every return of the order, for its buyer or its seller. */
export async function getOrderReturns(orderId: string): Promise<ReturnRequest[]> {
  const res = await apiRequest('GET', `/api/orders/${orderId}/returns`);
  return (await res.json()) as ReturnRequest[];
}

export function getOrderReturnsQueryOptions(orderId: string) {
  // Each look asks again: the other side (or the courier) moves a return on without telling this page.
  return queryOptions({ queryKey: orderReturnsKey(orderId), queryFn: () => getOrderReturns(orderId), staleTime: 0 });
}

/** Shared by the buyer's order details and the seller's order list. */
export function useOrderReturns(orderId: string, enabled = true) {
  return useQuery({ ...getOrderReturnsQueryOptions(orderId), enabled });
}
