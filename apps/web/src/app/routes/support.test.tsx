import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@live-market/contract/support';
import { AppRouter } from '../router';
import { makeUser, renderWithProviders } from '@/testing/render';

// Issue 28, item 3: the grievance desk in the app, and the grievance officer's public page.
const ORDER = '00000000-0000-4000-8000-00000000aa11';
const ticket: Ticket = {
  id: '00000000-0000-4000-8000-0000000000d1',
  ticketNumber: 'LM-000042',
  category: 'delivery',
  status: 'answered',
  orderId: ORDER,
  createdAt: '2026-11-20T10:00:00.000Z',
  acknowledgeBy: '2026-11-22T10:00:00.000Z',
  resolveBy: '2026-12-20T10:00:00.000Z',
  messages: [
    { from: 'user', body: 'The parcel has not moved for five days.', at: '2026-11-20T10:00:00.000Z' },
    { from: 'operator', body: 'We asked the courier; it moves tomorrow.', at: '2026-11-21T09:00:00.000Z' },
  ],
};
const officer = { name: 'Meenakshi Rao', email: 'grievance@livemarket.test', phone: '+91 80 4000 1234', acknowledgeHours: 48, resolveDays: 30 };

function stub() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return Response.json({ id: '00000000-0000-4000-8000-0000000000d2', ticketNumber: 'LM-000043' }, { status: 201 });
    if (url === '/api/support/tickets') return Response.json([ticket]);
    if (url === '/api/grievance-officer') return Response.json(officer);
    if (url === '/api/orders') return Response.json([{ id: ORDER, storeName: 'Asha Jewels' }]);
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('/support', () => {
  it('lists the requests with their answers, and sends a new one about an order', async () => {
    const fetchMock = stub();
    renderWithProviders(<AppRouter />, { user: makeUser(), path: '/support' });
    const card = await screen.findByLabelText('Request LM-000042');
    expect(within(card).getByText('Answered')).toBeTruthy();
    expect(within(card).getByText('We asked the courier; it moves tomorrow.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose what it is about')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('What is it about?'), { target: { value: 'return_refund' } });
    fireEvent.change(await screen.findByLabelText('Which order? (optional)'), { target: { value: ORDER } });
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Tell us a little more (at least 10 characters)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'The refund has not reached my bank.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Request LM-000043 received. We will reply within 48 hours.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ category: 'return_refund', orderId: ORDER, message: 'The refund has not reached my bank.' });
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/support/tickets').length).toBeGreaterThan(1));
  });
});

describe('/grievance', () => {
  it('names the officer and the time limits to a signed-out visitor', async () => {
    stub();
    renderWithProviders(<AppRouter />, { user: null, path: '/grievance' });
    expect(await screen.findByText('Meenakshi Rao')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'grievance@livemarket.test' }).getAttribute('href')).toBe('mailto:grievance@livemarket.test');
    expect(screen.getByRole('link', { name: '+91 80 4000 1234' }).getAttribute('href')).toBe('tel:+918040001234');
    expect(screen.getByText(/within 48 hours and resolve it within 30 days/)).toBeTruthy();
    // Signed out, raising a complaint starts with signing in, and comes back to Help & complaints.
    expect(screen.getByRole('link', { name: 'Raise a complaint' }).getAttribute('href')).toBe('/api/login?returnTo=%2Fsupport');
  });
});
