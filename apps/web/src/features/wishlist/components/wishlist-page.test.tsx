import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WishlistItem } from '@live-market/contract/wishlist';
import { findToast, renderWithProviders } from '@/testing/render';
import { getWishlistQueryOptions } from '../api/get-wishlist';
import { WishlistPage } from './wishlist-page';

const item = (overrides: Partial<WishlistItem> = {}): WishlistItem => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  productId: '00000000-0000-4000-8000-0000000000b1',
  name: 'Kundan necklace',
  description: 'Gold-plated bridal set',
  imageUrl: null,
  price: '2499.00',
  originalPrice: '3199.00',
  isAvailable: true,
  createdAt: '2025-01-01T10:00:00.000Z',
  ...overrides,
});
const plain = item({ id: '00000000-0000-4000-8000-0000000000a2', productId: '00000000-0000-4000-8000-0000000000b2', name: 'Brass diya', description: null, price: '450.00', originalPrice: null });

function stubFetch(status = 200) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    status >= 400 ? new Response('{"message":"nope"}', { status }) : new Response(init?.method === 'DELETE' ? null : '{}', { status: init?.method === 'DELETE' ? 204 : status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const seeded = (items: WishlistItem[] | undefined) => ({ seed: (qc: QueryClient) => items && qc.setQueryData(getWishlistQueryOptions().queryKey, items) });

afterEach(() => vi.unstubAllGlobals());

describe('WishlistPage', () => {
  it('shows 3 placeholder cards while loading', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
    renderWithProviders(<WishlistPage />);
    expect(screen.getAllByTestId('wishlist-placeholder')).toHaveLength(3);
  });

  it("shows 'Your Wishlist is Empty' with 'Start Shopping' to /", () => {
    stubFetch();
    renderWithProviders(<WishlistPage />, seeded([]));
    expect(screen.getByRole('heading', { name: 'Your Wishlist is Empty' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/');
  });

  it('shows each item with its rupee price, the struck original price and percent off only when higher', () => {
    stubFetch();
    renderWithProviders(<WishlistPage />, seeded([item(), plain]));
    const necklace = screen.getByRole('article', { name: 'Kundan necklace' });
    expect(within(necklace).getByText('Gold-plated bridal set')).toBeTruthy();
    expect(within(necklace).getByText('₹2,499.00')).toBeTruthy();
    expect(within(necklace).getByText('₹3,199.00').closest('s')).toBeTruthy();
    expect(within(necklace).getByText('22% off')).toBeTruthy();
    const diya = screen.getByRole('article', { name: 'Brass diya' });
    expect(within(diya).getByText('₹450.00')).toBeTruthy();
    expect(within(diya).queryByText(/% off/)).toBeNull();
  });

  it("adds to the cart and says 'Added to Cart'", async () => {
    const fetchMock = stubFetch(201);
    renderWithProviders(<WishlistPage />, seeded([item()]));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await findToast('Added to Cart');
    expect(fetchMock).toHaveBeenCalledWith('/api/cart/items', expect.objectContaining({ method: 'POST', body: JSON.stringify({ productId: item().productId, quantity: 1 }) }));
  });

  it("disables 'Add to Cart' for an item that is out of stock", () => {
    stubFetch();
    renderWithProviders(<WishlistPage />, seeded([item({ isAvailable: false })]));
    expect((screen.getByRole('button', { name: 'Out of Stock' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("removes an item and says 'Removed from Wishlist'", async () => {
    const fetchMock = stubFetch();
    renderWithProviders(<WishlistPage />, seeded([item(), plain]));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Kundan necklace from wishlist' }));
    await findToast('Removed from Wishlist');
    expect(screen.queryByRole('article', { name: 'Kundan necklace' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(`/api/wishlist/${item().id}`, expect.objectContaining({ method: 'DELETE' }));
  });

  it("puts the item back and says 'Error - Failed to remove item from wishlist' when removing fails", async () => {
    stubFetch(500);
    renderWithProviders(<WishlistPage />, seeded([item()]));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Kundan necklace from wishlist' }));
    await findToast('Failed to remove item from wishlist');
    await findToast('Error');
    await waitFor(() => expect(screen.getByRole('article', { name: 'Kundan necklace' })).toBeTruthy());
  });
});
