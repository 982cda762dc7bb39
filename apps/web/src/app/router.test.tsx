import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findToast, makeUser, renderWithProviders } from '@/testing/render';
import { AppRouter } from './router';

describe('AppRouter signed out', () => {
  it('shows the landing page at /', async () => {
    renderWithProviders(<AppRouter />, { user: null, path: '/' });
    expect(await screen.findByRole('heading', { name: 'Shop Live, Shop Smart' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByText(/© 2025/)).toBeTruthy();
  });

  it.each(['/profile', '/streams', '/stream/abc', '/seller/dashboard', '/nope'])('shows the not-found page at %s', async (path) => {
    renderWithProviders(<AppRouter />, { user: null, path });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AppRouter signed in', () => {
  it('greets the user on the home page and shows the empty live list', async () => {
    renderWithProviders(<AppRouter />, { user: makeUser({ firstName: 'Asha' }), liveStreams: [] });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Asha!' })).toBeTruthy();
    expect(screen.getByText('No Live Streams')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/streams');
    expect(screen.getByRole('link', { name: 'Become a Seller' }).getAttribute('href')).toBe('/become-seller');
  });

  it("tells a user whose session expired 'Unauthorized' on home and sends them to sign in after 500 ms", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'Unauthorized' }, { status: 401 })));
    let redirectedAt = 0;
    const hrefSetter = vi.spyOn(window.location, 'href', 'set').mockImplementation(() => void (redirectedAt = Date.now()));
    const renderedAt = Date.now();
    renderWithProviders(<AppRouter />, { user: makeUser(), liveStreams: [] });
    expect(await findToast('Unauthorized')).toBeTruthy();
    expect(await findToast('You are logged out. Logging in again...')).toBeTruthy();
    await vi.waitFor(() => expect(hrefSetter).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
    expect(redirectedAt - renderedAt).toBeGreaterThanOrEqual(500);
  });

  it("calls a user without a first name 'Shopper' and links sellers to their dashboard", async () => {
    renderWithProviders(<AppRouter />, { user: makeUser({ firstName: null, isSeller: true }), liveStreams: [] });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Shopper!' })).toBeTruthy();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Seller Dashboard' }).getAttribute('href')).toBe('/seller/dashboard');
  });

  it('shows a live stream card linking to the stream', async () => {
    const stream = {
      id: '00000000-0000-4000-8000-0000000000aa',
      sellerId: '00000000-0000-4000-8000-0000000000bb',
      title: 'Diwali silk sarees',
      description: 'Handwoven from Varanasi',
      thumbnailUrl: null,
      isLive: true,
      viewerCount: 1234,
      startedAt: '2025-01-01T10:00:00.000Z',
      endedAt: null,
      scheduledFor: null,
      language: 'en' as const,
      storeRating: { average: 4.2, count: 5 },
    };
    renderWithProviders(<AppRouter />, { user: makeUser(), liveStreams: [stream] });
    const link = await screen.findByRole('link', { name: /Diwali silk sarees/ });
    expect(link.getAttribute('href')).toBe(`/stream/${stream.id}`);
    expect(within(link).getByText('1,234 watching')).toBeTruthy();
    expect(within(link).getByText('LIVE')).toBeTruthy();
    expect(within(link).getByText('4.2')).toBeTruthy();
  });

  it("offers 'Sell' in the bottom navigation to sellers only and marks the active item", async () => {
    const { unmount } = renderWithProviders(<AppRouter />, { user: makeUser({ isSeller: false }), path: '/profile' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Sell' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    unmount();

    renderWithProviders(<AppRouter />, { user: makeUser({ isSeller: true }), path: '/profile' });
    const sellerNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(sellerNav).getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe('/seller/dashboard');
  });

  it.each([
    ['/wishlist', 'My Wishlist'],
    ['/orders', 'My Orders'],
    ['/notifications', 'Notifications'],
    ['/streams', 'Live Streams'],
    ['/become-seller', 'Become a Seller'],
    ['/seller/dashboard', 'Seller Dashboard'],
    ['/seller/analytics', 'Seller Analytics'],
    ['/seller/verification', 'Seller Verification'],
  ])('has a page at %s headed %s', async (path, heading) => {
    renderWithProviders(<AppRouter />, { user: makeUser(), path, liveStreams: [] });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
  });

  it("shows 'Stream Not Found' for a stream id that cannot exist", async () => {
    renderWithProviders(<AppRouter />, { user: makeUser(), path: '/stream/abc' });
    expect(await screen.findByRole('heading', { name: 'Stream Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });

  it("tells a user without a store that a seller profile is required", async () => {
    renderWithProviders(<AppRouter />, { user: makeUser({ isSeller: false, seller: null }), path: '/seller/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Seller Profile Required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-found page for an unknown path', async () => {
    renderWithProviders(<AppRouter />, { user: makeUser(), path: '/nope' });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
  });
});
