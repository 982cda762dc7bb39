import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payout, PayoutAccount, SellerLedger } from '@live-market/contract/money';
import type { Seller, SellerDashboard } from '@live-market/contract/sellers';
import { makeUser, renderWithProviders } from '@/testing/render';
import { AppRouter } from '../router';

const seller: Seller = {
  id: '00000000-0000-4000-8000-0000000000bb',
  userId: '00000000-0000-4000-8000-000000000001',
  storeName: "Priya's Kundan House",
  description: null,
  category: 'jewelry',
  followersCount: 10,
  totalSales: '1598.00',
  isVerified: true,
  verificationLevel: 'none',
};
const ledger: SellerLedger = {
  balance: { pending: '0', onHold: '759.05', available: '1500', paidOut: '2500' },
  lines: [{ id: '00000000-0000-4000-8000-000000000011', type: 'payout', amount: '-2500', payoutId: '00000000-0000-4000-8000-000000000021', createdAt: '2026-11-25T10:00:00.000Z', note: 'Payout to SBIN0001234' }],
  nextCursor: null,
};
const payouts: Payout[] = [
  { id: '00000000-0000-4000-8000-000000000022', amount: '1200', status: 'failed', utr: null, failureReason: 'The bank account is closed', createdAt: '2026-11-26T10:00:00.000Z' },
  { id: '00000000-0000-4000-8000-000000000021', amount: '2500', status: 'paid', utr: 'SBIN326112345678', failureReason: null, createdAt: '2026-11-25T10:00:00.000Z' },
];
const account: PayoutAccount = { kind: 'vpa', accountHolderName: 'Priya Sharma', ifsc: null, accountNumberMasked: null, vpaMasked: 'pr***@okaxis', updatedAt: '2026-11-28T10:00:00.000Z' };

/** A server with no payout account until one is PUT. */
function stubServer() {
  let saved: PayoutAccount | null = null;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0];
    if (path === '/api/seller/payout-account') {
      if (init?.method === 'PUT') saved = account;
      return new Response(JSON.stringify(saved));
    }
    if (path === '/api/seller/ledger') return new Response(JSON.stringify(ledger));
    if (path === '/api/seller/payouts') return new Response(JSON.stringify(payouts));
    if (path === '/api/seller/business') return new Response('null');
    // The dashboard's other cards, as the server answers them: a '[]' would break them, not this test's subject.
    if (path === '/api/seller/chat-keywords') return Response.json({ words: [] });
    if (path?.endsWith('/reviews')) return Response.json({ average: null, count: 0, distribution: [0, 0, 0, 0, 0], reviews: [], nextCursor: null });
    return new Response('[]');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const user = makeUser({ isSeller: true, seller });

afterEach(() => vi.unstubAllGlobals());

describe('/seller/money', () => {
  it('shows the balance, the ledger, payouts with their UTR or failure, and the statement link', async () => {
    stubServer();
    renderWithProviders(<AppRouter />, { path: '/seller/money', user });
    expect(await screen.findByRole('heading', { name: 'Money & Payouts', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    const balance = await screen.findByRole('region', { name: 'Your balance' });
    expect(await within(balance).findByText('₹1,500.00')).toBeTruthy();
    expect(within(balance).getByText('₹759.05')).toBeTruthy();
    expect(within(await screen.findByRole('list', { name: 'Transactions' })).getByText('-₹2,500.00')).toBeTruthy();

    const paid = (await screen.findByRole('list', { name: 'Payouts' })).children;
    expect(within(paid[0] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(within(paid[0] as HTMLElement).getByText('Why it failed: The bank account is closed. The money is back in your available balance.')).toBeTruthy();
    expect(within(paid[1] as HTMLElement).getByText('Paid')).toBeTruthy();
    expect(within(paid[1] as HTMLElement).getByText('UTR SBIN326112345678')).toBeTruthy();

    const month = (screen.getByLabelText('Statement month') as HTMLSelectElement).value;
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    expect(screen.getByRole('link', { name: 'Download statement' }).getAttribute('href')).toBe(`/api/seller/statements/${month}`);
  });

  it('reminds a seller with no payout account, and shows the account masked once saved, with Change', async () => {
    const fetchMock = stubServer();
    renderWithProviders(<AppRouter />, { path: '/seller/money', user });
    const reminder = await screen.findByRole('complementary', { name: 'Add a payout account' }, { timeout: 10_000 });
    expect(within(reminder).getByRole('link').getAttribute('href')).toBe('#payout-account');

    fireEvent.click(await screen.findByLabelText('UPI'));
    fireEvent.change(screen.getByLabelText("Account holder's name"), { target: { value: 'Priya Sharma' } });
    fireEvent.change(screen.getByLabelText('UPI id'), { target: { value: 'priya@okaxis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payout account' }));

    expect(await screen.findByText('pr***@okaxis')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/seller/payout-account' && init?.method === 'PUT')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Add a payout account' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect((screen.getByLabelText("Account holder's name") as HTMLInputElement).value).toBe('Priya Sharma');
    expect(screen.getByLabelText('UPI id')).toBeTruthy();
  });

  it('asks for a store first when the user has none', async () => {
    stubServer();
    renderWithProviders(<AppRouter />, { path: '/seller/money', user: makeUser() });
    expect(await screen.findByText('Seller Profile Required', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('/seller/dashboard money', () => {
  const dashboard: SellerDashboard = { followersCount: 10, totalSales: '1598.00', activeProducts: 1, liveStreamId: null, liveSales: '0.00', liveOrders: 0 };

  it('reminds a seller with no payout account, and links to the money page', async () => {
    stubServer();
    renderWithProviders(<AppRouter />, {
      path: '/seller/dashboard',
      user,
      seed: (client) => {
        client.setQueryData(['/api/seller/dashboard'], dashboard);
        client.setQueryData(['/api/products', 'seller', seller.id], []);
        client.setQueryData(['/api/streams', 'seller', seller.id], []);
      },
    });
    const reminder = await screen.findByRole('complementary', { name: 'Add a payout account' }, { timeout: 10_000 });
    expect(within(reminder).getByRole('link').getAttribute('href')).toBe('/seller/money');
    // Its own lazy chunk: on a busy machine it can render after the reminder.
    expect((await screen.findByRole('link', { name: /Money & Payouts/ }, { timeout: 10_000 })).getAttribute('href')).toBe('/seller/money');
  });
});
