import { useSyncExternalStore } from 'react';

// Whether the cart sheet is open: the header's cart button and the orders page's Reorder open it,
// and the sheet is mounted once by the app.
let open = false;
const listeners = new Set<() => void>();

export function setCartOpen(next: boolean): void {
  open = next;
  listeners.forEach((listener) => listener());
}

export const openCart = (): void => setCartOpen(true);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCartOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open, () => open);
}
