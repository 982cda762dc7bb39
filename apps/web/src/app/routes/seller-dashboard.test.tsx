import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import type { Seller, SellerDashboard } from '@live-market/contract/sellers';
import { findToast, makeUser, renderWithProviders } from '@/testing/render';
import { AppRouter } from '../router';

const seller: Seller = {
  id: '00000000-0000-4000-8000-0000000000bb',
  userId: '00000000-0000-4000-8000-000000000001',
  storeName: "Priya's Kundan House",
  description: 'Kundan jewellery from Jaipur',
  category: null,
  followersCount: 2847,
  totalSales: '184750.00',
  isVerified: true,
  verificationLevel: 'none',
};
const dashboard: SellerDashboard = { followersCount: 2847, totalSales: '184750.00', activeProducts: 6, liveStreamId: null, liveSales: '0.00', liveOrders: 0 };
const products: Product[] = Array.from({ length: 7 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000010${i}`,
  sellerId: seller.id,
  name: `Product ${i + 1}`,
  description: null,
  price: '999.00',
  originalPrice: null,
  category: 'jewelry',
  stockQuantity: 3, weightGrams: 500,
  imageUrl: null,
  isActive: i !== 6, hsnCode: '7117', gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
}));

function renderDashboard(overrides: Partial<Seller> = {}, data: SellerDashboard | null = dashboard) {
  return renderWithProviders(<AppRouter />, {
    path: '/seller/dashboard',
    user: makeUser({ isSeller: true, seller: { ...seller, ...overrides } }),
    seed: (client) => {
      if (data) client.setQueryData(['/api/seller/dashboard'], data);
      client.setQueryData(['/api/products', 'seller', seller.id], products);
      client.setQueryData(['/api/streams', 'seller', seller.id], []);
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/seller/dashboard', () => {
  it("shows the store, 'Verified · Basic' by default, and the figures", async () => {
    renderDashboard();
    expect(await screen.findByRole('heading', { name: "Priya's Kundan House" })).toBeTruthy();
    expect(screen.getByText('General Store')).toBeTruthy();
    expect(screen.getByText('Verified · Basic')).toBeTruthy();
    const stats = screen.getByRole('region', { name: 'Store figures' });
    expect(within(stats).getByText('2,847')).toBeTruthy();
    expect(within(stats).getByText('₹1,84,750.00')).toBeTruthy();
    expect(within(stats).getByText('6')).toBeTruthy();
    expect(within(stats).getByText('Live Sales')).toBeTruthy();
    expect(within(stats).getByText('Live Orders')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Live Now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /View Analytics/ }).getAttribute('href')).toBe('/seller/analytics');
    expect(screen.getByRole('link', { name: /Seller Verification/ }).getAttribute('href')).toBe('/seller/verification');
  });

  it("offers 'Get Verified' to an unverified store", async () => {
    renderDashboard({ isVerified: false, category: 'jewelry' });
    const badge = await screen.findByRole('link', { name: 'Get Verified' });
    expect(badge.getAttribute('href')).toBe('/seller/verification');
    expect(screen.getByRole('heading', { name: "Priya's Kundan House" }).nextElementSibling!.textContent).toBe('Jewelry');
  });

  it("lists the first 5 products and 'View All Products' shows the rest in place", async () => {
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Edit Product 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View All Products' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(7);
    expect(within(list).getByText('Inactive')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Product' })).toBeTruthy();
  });

  it("says 'You are logged out. Logging in again...' when the dashboard answers 401", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Unauthorized"}', { status: 401 })));
    renderDashboard({}, null);
    expect(await findToast('You are logged out. Logging in again...')).toBeTruthy();
    vi.clearAllTimers();
    vi.useRealTimers();
  });

  it('asks again whether a remembered live show is still on, and lets the seller go live once it has ended', async () => {
    const startedAt = new Date(Date.now() - 3_600_000).toISOString();
    const show = { id: '00000000-0000-4000-8000-0000000000cc', sellerId: seller.id, title: 'Diwali drop', description: null, thumbnailUrl: null, isLive: true, viewerCount: 0, startedAt, endedAt: null };
    const fetch = vi.fn(async (url: string) =>
      url.includes('/api/streams/seller/') ? Response.json([{ ...show, isLive: false, endedAt: new Date().toISOString() }]) : Response.json({ message: 'Not here' }, { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<AppRouter />, {
      path: '/seller/dashboard',
      user: makeUser({ isSeller: true, seller }),
      seed: (client) => {
        client.setQueryData(['/api/seller/dashboard'], dashboard);
        client.setQueryData(['/api/products', 'seller', seller.id], products);
        client.setQueryData(['/api/streams', 'seller', seller.id], [show]);
      },
    });
    const goLive = await screen.findByRole('button', { name: 'Go Live Now' });
    await vi.waitFor(() => expect(goLive.hasAttribute('disabled')).toBe(false));
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining(`/api/streams/seller/${seller.id}`), expect.anything());
  });

  it("shows 'Seller Profile Required' when the server knows no store (403)", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"You need a store for this. Create one first."}', { status: 403 })));
    renderDashboard({}, null);
    expect(await screen.findByRole('heading', { name: 'Seller Profile Required' })).toBeTruthy();
  });
});
