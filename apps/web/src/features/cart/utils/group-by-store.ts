import type { CartItem } from '@live-market/contract/orders';

export type StoreGroup = { sellerId: string; storeName: string; items: CartItem[]; subtotal: number };

/** One order is placed per store, so the cart is shown (and checked out) store by store, in cart order. */
export function groupByStore(items: CartItem[]): StoreGroup[] {
  const groups = new Map<string, StoreGroup>();
  for (const item of items) {
    const group = groups.get(item.sellerId) ?? { sellerId: item.sellerId, storeName: item.storeName, items: [], subtotal: 0 };
    group.items.push(item);
    group.subtotal += Number(item.price) * item.quantity;
    groups.set(item.sellerId, group);
  }
  return [...groups.values()];
}

/** An item that can be ordered now: still on sale, and in stock for the quantity asked. */
export function isOrderable(item: CartItem): boolean {
  return item.isActive && item.stockQuantity >= item.quantity && item.quantity > 0;
}
