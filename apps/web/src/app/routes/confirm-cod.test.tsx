import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithProviders } from '@/testing/render';
import { AppRouter } from '../router';

// The link a buyer gets by SMS for a large cash-on-delivery order: it works signed out too.
const TOKEN = 'c0d-t0ken_abc';
const PATH = `/confirm-cod/${TOKEN}`;

function stubFetch(answer: { status?: number; body: unknown }) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(answer.body, { status: answer.status ?? 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);

afterEach(() => vi.unstubAllGlobals());

describe('/confirm-cod/:token', () => {
  it('confirms the order signed out, only when the button is tapped, then links to the orders', async () => {
    const fetchMock = stubFetch({ body: { orderId: '00000000-0000-4000-8000-00000000aa11' } });
    renderWithProviders(<AppRouter />, { user: null, path: PATH });
    const button = await screen.findByRole('button', { name: 'Confirm my order' });
    expect(screen.getByRole('heading', { name: 'Confirm your cash-on-delivery order' })).toBeTruthy();
    // The title is set by the page's effect, which a loaded machine may run a moment after the button shows.
    await waitFor(() => expect(document.title).toBe('Confirm your cash-on-delivery order'));
    // Opening the link (or a messenger's preview of it) confirms nothing.
    expect(posts(fetchMock)).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByRole('heading', { name: 'Thank you — the seller will ship your order' })).toBeTruthy();
    expect(posts(fetchMock)).toEqual([`/api/cod-confirmations/${TOKEN}`]);
    expect(screen.getByRole('link', { name: 'Go to my orders' }).getAttribute('href')).toBe('/orders');
  });

  it.each([
    [404, 'This confirmation link is not valid'],
    [409, 'This order can no longer be confirmed'],
  ])("shows the server's message on %i", async (status, message) => {
    stubFetch({ status, body: { message } });
    renderWithProviders(<AppRouter />, { user: null, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('heading', { name: /Thank you/ })).toBeNull();
  });

  it('falls back to its own words when the server gives none', async () => {
    stubFetch({ status: 502, body: {} });
    renderWithProviders(<AppRouter />, { user: null, path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not confirm the order');
  });

  it('works signed in as well', async () => {
    const fetchMock = stubFetch({ body: { orderId: '00000000-0000-4000-8000-00000000aa11' } });
    renderWithProviders(<AppRouter />, { user: makeUser(), liveStreams: [], path: PATH });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm my order' }));
    await waitFor(() => expect(posts(fetchMock)).toEqual([`/api/cod-confirmations/${TOKEN}`]));
    expect(await screen.findByRole('heading', { name: 'Thank you — the seller will ship your order' })).toBeTruthy();
  });
});
