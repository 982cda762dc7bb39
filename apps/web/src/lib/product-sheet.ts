import { useSyncExternalStore } from 'react';
import type { Product } from '@live-market/contract/products';

// One product sheet for the app (issue 28: what it is, where it is made, its returns and who sells it),
// opened from any product card. A tiny store rather than context: the cards live in one feature, the
// sheet in another. The opener hands over its own Buy Now, so a purchase keeps the show it came from.

export type ProductSheetRequest = { product: Product; onBuy: () => void; key: number };
type Snapshot = { request: ProductSheetRequest | null; open: boolean };

let snapshot: Snapshot = { request: null, open: false };
let nextKey = 0;
const listeners = new Set<() => void>();
const set = (next: Snapshot) => {
  snapshot = next;
  listeners.forEach((listener) => listener());
};

export function openProductSheet(product: Product, onBuy: () => void): void {
  nextKey += 1;
  set({ request: { product, onBuy, key: nextKey }, open: true });
}

export function setProductSheetOpen(open: boolean): void {
  // The sheet reports its state on every change; an unchanged one must not re-render its listeners.
  if (snapshot.open !== open) set({ ...snapshot, open });
}

/** Buy Now from the sheet: it goes at once, without its closing slide, as the checkout sheet opens over the page. */
export function closeProductSheetAtOnce(): void {
  set({ request: null, open: false });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getSnapshot = () => snapshot;

export function useProductSheet(): Snapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
