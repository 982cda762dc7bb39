import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WishlistItem } from '@live-market/contract/wishlist';
import { findToast, renderWithProviders } from '@/testing/render';
import { getWishlistQueryOptions } from '../api/get-wishlist';
import { WishlistHeart } from './wishlist-heart';

const product = { id: '00000000-0000-4000-8000-0000000000b1', name: 'Jhumka earrings', description: null, imageUrl: null, price: '799.00', originalPrice: null };
const saved: WishlistItem = { ...product, id: '00000000-0000-4000-8000-0000000000a1', productId: product.id, isAvailable: true, createdAt: '2025-01-01T00:00:00.000Z' };

afterEach(() => vi.unstubAllGlobals());

describe('WishlistHeart', () => {
  it('adds the product at once (optimistic) and keeps it once the server answers', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<WishlistHeart product={product} />, { seed: (qc) => qc.setQueryData(getWishlistQueryOptions().queryKey, []) });
    fireEvent.click(screen.getByRole('button', { name: 'Add Jhumka earrings to wishlist' }));
    // Filled before the server answers, and not tappable until it does (the item's id is not known yet).
    const pending = await screen.findByRole('button', { name: 'Remove Jhumka earrings from wishlist' });
    expect(pending.getAttribute('aria-pressed')).toBe('true');
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/wishlist', expect.objectContaining({ method: 'POST', body: JSON.stringify({ productId: product.id }) }));
    answer(new Response(JSON.stringify(saved), { status: 201 }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Remove Jhumka earrings from wishlist' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('removes a saved product by its wishlist item id', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<WishlistHeart product={product} />, { seed: (qc) => qc.setQueryData(getWishlistQueryOptions().queryKey, [saved]) });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Jhumka earrings from wishlist' }));
    expect(await screen.findByRole('button', { name: 'Add Jhumka earrings to wishlist' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/wishlist/${saved.id}`, expect.objectContaining({ method: 'DELETE' }));
  });

  it('empties the heart again and says so when adding fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Product not found"}', { status: 404 })));
    renderWithProviders(<WishlistHeart product={product} />, { seed: (qc) => qc.setQueryData(getWishlistQueryOptions().queryKey, []) });
    fireEvent.click(screen.getByRole('button', { name: 'Add Jhumka earrings to wishlist' }));
    await findToast('Could not add to wishlist. Please try again.');
    expect(screen.getByRole('button', { name: 'Add Jhumka earrings to wishlist' }).getAttribute('aria-pressed')).toBe('false');
  });
});
