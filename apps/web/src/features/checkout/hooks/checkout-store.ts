import { useSyncExternalStore } from 'react';
import type { PlaceOrderBody } from '@live-market/contract/orders';

// One checkout sheet for the app, opened from the stream page (Quick Buy, Buy Now) and the cart.
// A tiny store rather than context: the openers and the sheet live in different features.

export type CheckoutLine = {
  productId: string;
  name: string;
  imageUrl: string | null;
  price: string;
  stockQuantity: number;
  quantity: number;
};

export type OrderSource = NonNullable<PlaceOrderBody['source']>;

export type CheckoutRequest = {
  lines: CheckoutLine[];
  /** The stream the order is placed from, for the seller's figures. */
  streamId?: string;
  /** With streamId: bought during the live show or from its replay (issue 13). */
  source?: OrderSource;
  /** Cart checkout: the quantities were chosen in the cart, and the order empties those cart items. */
  fromCart: boolean;
  /** A flash deal's 'Grab deal' (issue 14): one line at the deal price; the server charges the deal's price. */
  dealId?: string;
  /** Changes on every open, so the sheet starts fresh. */
  key: number;
};

let current: CheckoutRequest | null = null;
let open = false;
let nextKey = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function openCheckout(request: Omit<CheckoutRequest, 'key'>): void {
  nextKey += 1;
  current = { ...request, key: nextKey };
  open = true;
  emit();
}

export function setCheckoutOpen(next: boolean): void {
  open = next;
  emit();
}

type Snapshot = { request: CheckoutRequest | null; open: boolean };
let snapshot: Snapshot = { request: null, open: false };
function getSnapshot(): Snapshot {
  if (snapshot.request !== current || snapshot.open !== open) snapshot = { request: current, open };
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCheckoutState(): Snapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
