import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Seller } from '@live-market/contract/sellers';
import { makeUser, renderWithProviders } from '@/testing/render';
import { AppRouter } from '../router';

const seller: Seller = {
  id: '00000000-0000-4000-8000-0000000000bb',
  userId: '00000000-0000-4000-8000-000000000001',
  storeName: 'Asha Silks',
  description: 'Handwoven silk sarees from Kanchipuram',
  category: 'fashion',
  followersCount: 0,
  totalSales: '0.00',
  isVerified: false,
  verificationLevel: 'none',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/become-seller', () => {
  it('shows the benefits and, after creating the store, opens the dashboard with it', async () => {
    const user = makeUser();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/sellers') return new Response(JSON.stringify(seller), { status: 201 });
        if (url === '/api/auth/user') return new Response(JSON.stringify({ ...user, isSeller: true, seller }), { status: 200 });
        return new Response('[]', { status: 200 });
      }),
    );
    const { location } = renderWithProviders(<AppRouter />, { path: '/become-seller', user });
    expect(await screen.findByRole('heading', { name: 'Create Your Store' })).toBeTruthy();
    expect(screen.getByText('Live demos bring 25-30% higher conversion than photos alone.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Store name'), { target: { value: 'Asha Silks' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'fashion' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Handwoven silk sarees from Kanchipuram' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Store' }));
    await waitFor(() => expect(location()).toBe('/seller/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Asha Silks' })).toBeTruthy();
    // Two lazy routes (the form, then the whole dashboard) are transformed on first import: slow on a busy machine.
  }, 15_000);

  it('leads a user who already has a store to the dashboard', async () => {
    renderWithProviders(<AppRouter />, { path: '/become-seller', user: makeUser({ isSeller: true, seller }) });
    expect(await screen.findByRole('heading', { name: 'You already have a store' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Seller Dashboard' }).getAttribute('href')).toBe('/seller/dashboard');
    expect(screen.queryByRole('button', { name: 'Create Store' })).toBeNull();
  });
});
