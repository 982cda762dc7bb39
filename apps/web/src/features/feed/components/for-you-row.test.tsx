import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import type { ForYouFeed, ShowCard } from '@live-market/contract/search';
import type { UpcomingStream } from '@live-market/contract/shows';
import { closeProductSheetAtOnce, useProductSheet } from '@/lib/product-sheet';
import { renderWithProviders } from '@/testing/render';
import { FOR_YOU_URL } from '../api/get-for-you';
import { ForYouRow, type FeedCards } from './for-you-row';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const live = (n: number): ShowCard => ({
  id: id(n),
  sellerId: id(100),
  title: `Live ${n}`,
  description: null,
  thumbnailUrl: null,
  isLive: true,
  viewerCount: 3,
  startedAt: new Date().toISOString(),
  endedAt: null,
  scheduledFor: null,
  language: 'hi',
  storeName: 'Store',
});
const upcoming = (n: number): UpcomingStream => ({ ...live(n), title: `Soon ${n}`, isLive: false, startedAt: null, scheduledFor: new Date(Date.now() + 3600_000).toISOString(), reminded: false, featuredProducts: [] });
const product = (n: number): Product => ({
  id: id(200 + n),
  sellerId: id(100),
  name: `Jhumka ${n}`,
  description: null,
  price: '799.00',
  originalPrice: null,
  category: 'jewelry',
  stockQuantity: 4,
  weightGrams: 500,
  imageUrl: null,
  isActive: true,
  hsnCode: '7117',
  gstRatePercent: 3,
  countryOfOrigin: 'IN',
  returnDays: 7,
});

const cards = (onBuy = vi.fn()): FeedCards => ({
  renderLive: (show) => <a href={`/stream/${show.id}`}>{show.title}</a>,
  renderUpcoming: (show) => <a href={`/stream/${show.id}`}>{show.title}</a>,
  onBuy,
});

function SheetProbe() {
  const { request } = useProductSheet();
  return <output aria-label="sheet">{request?.product.name ?? ''}</output>;
}

const renderRow = (feed?: ForYouFeed, onBuy = vi.fn()) =>
  renderWithProviders(
    <>
      <ForYouRow {...cards(onBuy)} />
      <SheetProbe />
    </>,
    { seed: feed ? (client) => client.setQueryData([FOR_YOU_URL], feed) : undefined },
  );

afterEach(() => {
  closeProductSheetAtOnce();
  vi.unstubAllGlobals();
});

describe('For you row', () => {
  it('shows its heading and a skeleton while the feed loads', () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderRow();
    const row = screen.getByRole('region', { name: 'For you' });
    expect(within(row).getByLabelText('Loading…').getAttribute('aria-busy')).toBe('true');
  });

  it('leads with live shows, then each upcoming show followed by two products', () => {
    renderRow({ live: [live(1), live(2)], upcoming: [upcoming(3), upcoming(4)], products: [product(1), product(2), product(3), product(4), product(5)] });
    const items = within(screen.getByRole('region', { name: 'For you' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/₹.*$/, ''))).toEqual(['Live 1', 'Live 2', 'Soon 3', 'Jhumka 1', 'Jhumka 2', 'Soon 4', 'Jhumka 3', 'Jhumka 4', 'Jhumka 5']);
  });

  it("opens a product's sheet, whose Buy Now buys that product", () => {
    const onBuy = vi.fn();
    renderRow({ live: [], upcoming: [], products: [product(1)] }, onBuy);
    fireEvent.click(screen.getByRole('button', { name: /Jhumka 1/ }));
    expect(screen.getByLabelText('sheet').textContent).toBe('Jhumka 1');
  });

  it('is not there at all when there is nothing for this shopper', () => {
    renderRow({ live: [], upcoming: [], products: [] });
    expect(screen.queryByRole('region', { name: 'For you' })).toBeNull();
  });
});
