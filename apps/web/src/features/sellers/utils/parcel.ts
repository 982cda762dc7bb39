import type { OrderDetail } from '@live-market/contract/orders';
import type { ShipmentBody } from '@live-market/contract/shipping';

/** The Ship sheet's fields, as typed. */
export type ParcelSize = { weightGrams: string; lengthCm: string; breadthCm: string; heightCm: string };
export type ParcelField = keyof ParcelSize;
export type ParcelProblem = 'weight_invalid' | 'side_invalid';

/** A small box of jewellery or a folded saree: most parcels of a live show fit it, so it is rarely changed. */
export const DEFAULT_PARCEL: ParcelSize = { weightGrams: '500', lengthCm: '20', breadthCm: '15', heightCm: '10' };

// The contract's ShipmentBody limits, checked here so the seller reads the problem in their language.
const LIMITS: Record<ParcelField, { max: number; problem: ParcelProblem }> = {
  weightGrams: { max: 30_000, problem: 'weight_invalid' },
  lengthCm: { max: 150, problem: 'side_invalid' },
  breadthCm: { max: 150, problem: 'side_invalid' },
  heightCm: { max: 150, problem: 'side_invalid' },
};

/**
 * The Ship sheet's first guess for these orders: the default box, weighing what the products' packed
 * weights add up to (a product gone since counts as the default 500 g), within the courier's 30 kg.
 */
export function parcelFor(orders: readonly Pick<OrderDetail, 'items'>[]): ParcelSize {
  const items = orders.flatMap((o) => o.items);
  if (!items.length) return DEFAULT_PARCEL;
  const grams = items.reduce((sum, i) => sum + (i.weightGrams ?? Number(DEFAULT_PARCEL.weightGrams)) * i.quantity, 0);
  return { ...DEFAULT_PARCEL, weightGrams: String(Math.min(Math.max(grams, 1), LIMITS.weightGrams.max)) };
}

/** The body to send, or the problem of each field that is not a whole number within its limit. */
export function checkParcel(size: ParcelSize): { body: ShipmentBody; problems: null } | { body: null; problems: Partial<Record<ParcelField, ParcelProblem>> } {
  const problems: Partial<Record<ParcelField, ParcelProblem>> = {};
  const values = {} as Record<ParcelField, number>;
  for (const field of Object.keys(LIMITS) as ParcelField[]) {
    const text = size[field].trim();
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < 1 || value > LIMITS[field].max) problems[field] = LIMITS[field].problem;
    values[field] = value;
  }
  return Object.keys(problems).length ? { body: null, problems } : { body: values, problems: null };
}

const sameAddress = (a: OrderDetail['address'], b: OrderDetail['address']) =>
  a !== null && b !== null && a.pincode === b.pincode && a.line1 === b.line1 && a.name === b.name;

/**
 * The orders the server will pack with this one: the same buyer's other confirmed, unshipped orders of
 * the same show. The list has no buyer id, so the buyer is told by name and delivery address; the
 * shipment's answer (its orderIds) is what counts afterwards.
 */
export function parcelMates(order: OrderDetail, orders: readonly OrderDetail[]): OrderDetail[] {
  if (!order.streamId) return [order];
  return orders.filter(
    (o) => o.id === order.id || (o.status === 'confirmed' && !o.parcel && o.streamId === order.streamId && o.buyerName === order.buyerName && sameAddress(o.address, order.address)),
  );
}
