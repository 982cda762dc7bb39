import { describe, expect, it } from 'vitest';
import type { CartItem } from '@live-market/contract/orders';
import { groupByStore, isOrderable } from './group-by-store';

const item = (overrides: Partial<CartItem>): CartItem => ({
  id: crypto.randomUUID(),
  productId: crypto.randomUUID(),
  sellerId: 'a',
  storeName: 'Asha Jewels',
  name: 'Jhumka',
  imageUrl: null,
  price: '100.00',
  quantity: 1,
  stockQuantity: 5,
  isActive: true,
  ...overrides,
});

describe('groupByStore', () => {
  it('groups items by store in cart order with each store subtotal', () => {
    const groups = groupByStore([item({ quantity: 2 }), item({ sellerId: 'b', storeName: 'Kala', price: '50.50' }), item({ price: '10.00' })]);
    expect(groups.map((g) => [g.storeName, g.items.length, g.subtotal])).toEqual([
      ['Asha Jewels', 2, 210],
      ['Kala', 1, 50.5],
    ]);
  });

  it('treats inactive or short-of-stock items as not orderable', () => {
    expect(isOrderable(item({}))).toBe(true);
    expect(isOrderable(item({ isActive: false }))).toBe(false);
    expect(isOrderable(item({ quantity: 3, stockQuantity: 2 }))).toBe(false);
  });
});
