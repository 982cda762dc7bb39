import { vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import type { SearchResults, SearchSuggestions, ShowCard } from '@live-market/contract/search';
import type { SearchCards } from './components/search-results';

// Fixtures and a server stub for the search feature's tests.

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    sellerId: '00000000-0000-4000-8000-0000000000bb',
    name: 'झुमका सेट',
    description: 'Gold-plated jhumkas',
    price: '799',
    originalPrice: null,
    category: 'jewelry',
    stockQuantity: 5,
    weightGrams: 200,
    imageUrl: null,
    isActive: true,
    hsnCode: '7117',
    gstRatePercent: 3,
    countryOfOrigin: 'IN',
    returnDays: 7,
    ...overrides,
  };
}

export function makeShow(overrides: Partial<ShowCard> = {}): ShowCard {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    sellerId: '00000000-0000-4000-8000-0000000000bb',
    title: 'Jhumka evening',
    description: null,
    thumbnailUrl: null,
    isLive: true,
    viewerCount: 12,
    startedAt: '2026-01-01T10:00:00.000Z',
    endedAt: null,
    scheduledFor: null,
    language: 'hi',
    storeName: 'Jaipur Jewels',
    ...overrides,
  };
}

export const noResults: SearchResults = { products: [], shows: [], stores: [], nextCursor: null };

/** Plain cards: the tests look at what the search feature does, not at the other features' cards. */
export const testCards: SearchCards = {
  renderShow: (show) => <a href={`/stream/${show.id}`}>{show.title}</a>,
  renderProduct: (product) => <button type="button">{product.name}</button>,
  renderFollow: () => null,
};

const passThrough = globalThis.fetch;

/** Answers /api/search and /api/search/suggest from the given functions; other requests as the test setup does. */
export function stubSearchServer({ search, suggest }: { search?: (params: URLSearchParams) => SearchResults; suggest?: (q: string) => SearchSuggestions }) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/search/suggest') {
      calls.push(`${url.pathname}${url.search}`);
      return Response.json(suggest ? suggest(url.searchParams.get('q') ?? '') : { suggestions: [] });
    }
    if (url.pathname === '/api/search') {
      calls.push(`${url.pathname}${url.search}`);
      return Response.json(search ? search(url.searchParams) : noResults);
    }
    return passThrough(input, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
