import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import type { CategoryPage } from '@live-market/contract/search';
import { makeUser, renderWithProviders } from '@/testing/render';
import { CategoryRoute } from './category';

const product = (n: number): Product => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  sellerId: '00000000-0000-4000-8000-0000000000b1',
  name: `Necklace ${n}`,
  description: null,
  price: '1499.00',
  originalPrice: null,
  category: 'jewelry',
  stockQuantity: 2,
  weightGrams: 500,
  imageUrl: null,
  isActive: true,
  hsnCode: '7117',
  gstRatePercent: 3,
  countryOfOrigin: 'IN',
  returnDays: 7,
});

function stubPages(pages: Record<string, CategoryPage>) {
  const fetchMock = vi.fn(async (url: string) => (pages[url] ? Response.json(pages[url]) : Response.json({ message: 'Not here' }, { status: 404 })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('/category/{slug}', () => {
  it("is titled with the category's name and loads more products from the cursor", async () => {
    const fetchMock = stubPages({
      '/api/categories/jewelry': { category: 'jewelry', live: [], upcoming: [], products: [product(1), product(2)], nextCursor: 'abc' },
      '/api/categories/jewelry?cursor=abc': { category: 'jewelry', live: [], upcoming: [], products: [product(3)], nextCursor: null },
    });
    renderWithProviders(<CategoryRoute slug="jewelry" user={makeUser()} />, { path: '/category/jewelry' });
    expect(screen.getByRole('heading', { level: 1, name: 'Jewelry' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Necklace 2/ })).toBeTruthy();
    expect(screen.getByText('No shows in Jewelry right now')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: /Necklace 3/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/categories'))).toEqual(['/api/categories/jewelry', '/api/categories/jewelry?cursor=abc']);
  });

  it('shows the not-found page for a category that does not exist, without asking the server', () => {
    const fetchMock = stubPages({});
    renderWithProviders(<CategoryRoute slug="cars" user={makeUser()} />, { path: '/category/cars' });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url.startsWith('/api/categories'))).toEqual([]);
  });
});
