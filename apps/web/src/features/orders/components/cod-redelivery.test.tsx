import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address, OrderDetail } from '@live-market/contract/orders';
import type { Tracking } from '@live-market/contract/shipping';
import { renderWithProviders } from '@/testing/render';
import { ORDERS_URL } from '../api/get-orders';
import { OrderDetailsSheet } from './order-details-sheet';

// Issue 27: a large cash-on-delivery order waits for the buyer's confirmation; a failed delivery is tried again.
const ID = '00000000-0000-4000-8000-00000000aa11';
const HOME = '00000000-0000-4000-8000-0000000000d1';
const OFFICE = '00000000-0000-4000-8000-0000000000d2';

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ID,
  status: 'confirmed',
  createdAt: '2026-11-27T10:00:00.000Z',
  totalAmount: '1499.00',
  paymentMethod: 'cod',
  paymentStatus: 'pending',
  streamId: null,
  source: null,
  dealId: null,
  auctionId: null,
  payBy: null,
  sellerId: '00000000-0000-4000-8000-0000000000b1',
  storeName: 'Asha Jewels',
  buyerName: 'Ravi Kumar',
  items: [{ id: '00000000-0000-4000-8000-0000000000e1', productId: null, name: 'Kundan jhumka', imageUrl: null, unitPrice: '1499.00', quantity: 1, weightGrams: null }],
  address: null,
  events: [{ status: 'confirmed', at: '2026-11-27T10:00:00.000Z' }],
  refund: null,
  refunds: [],
  cancelReason: null,
  hasInvoice: false,
  hasCreditNote: false,
  parcel: null,
  codConfirmation: { confirmed: false, expiresAt: '2026-11-28T10:00:00.000Z' },
  returnStatus: null,
  ...overrides,
});

const address = (id: string, line1: string): Address => ({ id, name: 'Ravi Kumar', phone: '9123456789', pincode: '560001', state: 'Karnataka', city: 'Bengaluru', line1, line2: '' });
const TRACKING: Tracking = { awb: 'SIM123456', carrier: 'Simulated Express', trackingUrl: 'https://track.example/SIM123456', status: 'pickup_scheduled', etaDate: '2026-12-02', events: [] };

type Answer = { status?: number; body: unknown };

function renderSheet(initial: OrderDetail, respond: (url: string, init?: RequestInit) => Answer | undefined) {
  let current = initial;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = respond(url, init) ?? (url.endsWith('/tracking') ? { body: TRACKING } : { body: current });
    if (url === `${ORDERS_URL}/${ID}` && init?.method === 'GET') current = answer.body as OrderDetail;
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<OrderDetailsSheet orderId={ID} open onOpenChange={() => {}} />, { seed: (qc) => qc.setQueryData([ORDERS_URL, ID], initial) });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof renderSheet>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('cash-on-delivery confirmation in the order details', () => {
  it('asks the buyer to confirm by the deadline in IST, sends the confirmation and shows the order again', async () => {
    let confirmed = false;
    const fetchMock = renderSheet(order(), (url, init) => {
      if (init?.method === 'POST') return (confirmed = true), { body: { ok: true } };
      if (url === `${ORDERS_URL}/${ID}`) return { body: order({ codConfirmation: { confirmed, expiresAt: '2026-11-28T10:00:00.000Z' } }) };
      return undefined;
    });
    const sheet = await screen.findByRole('dialog');
    const banner = within(sheet).getByRole('region', { name: 'Confirm your cash-on-delivery order' });
    // 10:00 UTC is 3:30 pm in India.
    expect(within(banner).getByText(/^Confirm by 28 Nov, 3:30\s?pm IST or the order is cancelled/i)).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(posts(fetchMock).map(([url]) => url)).toEqual([`${ORDERS_URL}/${ID}/confirm-cod`]));
    await waitFor(() => expect(within(sheet).queryByRole('region', { name: 'Confirm your cash-on-delivery order' })).toBeNull());
  });

  it.each([
    ['once confirmed', order({ codConfirmation: { confirmed: true, expiresAt: '2026-11-28T10:00:00.000Z' } })],
    ['once cancelled', order({ status: 'cancelled' })],
  ])('shows no banner %s', async (_when, shown) => {
    renderSheet(shown, () => undefined);
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it("shows the server's reason when the order can no longer be confirmed", async () => {
    renderSheet(order(), (_url, init) => (init?.method === 'POST' ? { status: 409, body: { message: 'This order can no longer be confirmed' } } : undefined));
    const sheet = await screen.findByRole('dialog');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    const region = await screen.findByRole('region', { name: /Notifications/, hidden: true });
    expect(await within(region).findByText('This order can no longer be confirmed')).toBeTruthy();
  });
});

describe('another delivery after a failed attempt', () => {
  const failed = order({
    status: 'delivery_failed',
    paymentMethod: 'upi',
    paymentStatus: 'paid',
    codConfirmation: null,
    parcel: { awb: 'SIM123456', carrier: 'Simulated Express', trackingUrl: null, status: 'delivery_failed', orderIds: [ID] },
  });

  it("'Try again tomorrow' asks for another attempt at the same address", async () => {
    const fetchMock = renderSheet(failed, (_url, init) => (init?.method === 'POST' ? { body: TRACKING } : undefined));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByText('The courier could not deliver your order.')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Try again tomorrow' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(`${ORDERS_URL}/${ID}/redelivery`);
    expect(JSON.parse(init!.body as string)).toEqual({});
    // The order is asked for again: its status moved with the new attempt.
    await waitFor(() => expect(fetchMock.mock.calls.filter(([u, i]) => u === `${ORDERS_URL}/${ID}` && i?.method === 'GET').length).toBeGreaterThan(0));
  });

  it("'Change address' lists the saved addresses and sends the one chosen", async () => {
    const fetchMock = renderSheet(failed, (url, init) => {
      if (url === '/api/addresses') return { body: [address(HOME, '12 MG Road'), address(OFFICE, '4 Residency Road')] };
      if (init?.method === 'POST') return { body: TRACKING };
      return undefined;
    });
    const sheet = await screen.findByRole('dialog');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Change address' }));
    const choice = await within(sheet).findByRole('radiogroup', { name: 'Deliver to' });
    const deliver = within(sheet).getByRole('button', { name: 'Deliver here tomorrow' }) as HTMLButtonElement;
    expect(deliver.disabled).toBe(true);
    fireEvent.click(within(choice).getByRole('radio', { name: /4 Residency Road/ }));
    fireEvent.click(deliver);
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(`${ORDERS_URL}/${ID}/redelivery`);
    expect(JSON.parse(init!.body as string)).toEqual({ addressId: OFFICE });
  });
});
