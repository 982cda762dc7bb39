import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@live-market/contract/orders';
import type { Tracking } from '@live-market/contract/shipping';
import { renderWithProviders } from '@/testing/render';
import { ORDERS_URL } from '../api/get-orders';
import { OrderDetailsSheet } from './order-details-sheet';

// Issue 27: the buyer follows the parcel from the order's details.
const ID = '00000000-0000-4000-8000-00000000aa11';

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ID,
  status: 'shipped',
  createdAt: '2026-11-27T10:00:00.000Z',
  totalAmount: '799.00',
  paymentMethod: 'upi',
  paymentStatus: 'paid',
  streamId: null,
  source: null,
  dealId: null,
  auctionId: null,
  payBy: null,
  sellerId: '00000000-0000-4000-8000-0000000000b1',
  storeName: 'Asha Jewels',
  buyerName: 'Ravi Kumar',
  items: [{ id: '00000000-0000-4000-8000-0000000000e1', productId: null, name: 'Kundan jhumka', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null }],
  address: null,
  events: [{ status: 'confirmed', at: '2026-11-27T10:00:00.000Z' }],
  refund: null,
  refunds: [],
  cancelReason: null,
  hasInvoice: true,
  hasCreditNote: false,
  parcel: { awb: 'SIM123456', carrier: 'Simulated Express', trackingUrl: null, status: 'in_transit', orderIds: [ID] },
  codConfirmation: null,
  returnStatus: null,
  ...overrides,
});

const TRACKING: Tracking = {
  awb: 'SIM123456',
  carrier: 'Simulated Express',
  trackingUrl: 'https://track.example/SIM123456',
  status: 'in_transit',
  etaDate: '2026-12-02',
  events: [
    { status: 'pickup_scheduled', location: 'Jaipur', at: '2026-11-28T04:30:00.000Z' },
    // 15:04 UTC is 8:34 pm in India.
    { status: 'in_transit', location: 'Mumbai hub', at: '2026-11-29T15:04:00.000Z' },
    { status: 'picked_up', location: 'Jaipur', at: '2026-11-28T09:34:00.000Z' },
  ],
};

function renderSheet(detail: OrderDetail, tracking: Tracking = TRACKING) {
  const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(url.endsWith('/tracking') ? tracking : detail)));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<OrderDetailsSheet orderId={ID} open onOpenChange={() => {}} />, { seed: (qc) => qc.setQueryData([ORDERS_URL, ID], detail) });
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('Parcel tracking', () => {
  it('shows the courier, the tracking number, the day it arrives and the scans newest first, in IST', async () => {
    const fetchMock = renderSheet(order());
    const timeline = await screen.findByRole('list', { name: 'Tracking' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('p')?.textContent)).toEqual(['In transit', 'Picked up by the courier', 'Pickup scheduled']);
    expect(steps[0]?.textContent).toContain('Mumbai hub · 29 Nov, 8:34 pm');
    expect(steps[1]?.textContent).toContain('Jaipur · 28 Nov, 3:04 pm');
    expect(screen.getByText('Arriving by Wed, 2 Dec')).toBeTruthy();
    expect(screen.getByText('Courier: Simulated Express')).toBeTruthy();
    expect(screen.getByText('Tracking number: SIM123456')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`${ORDERS_URL}/${ID}/tracking`, expect.anything());
    // In a parcel: no longer the buyer's to cancel.
    expect(screen.queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it('says when the courier could not deliver', async () => {
    renderSheet(order({ status: 'delivery_failed', parcel: { ...order().parcel!, status: 'delivery_failed' } }), {
      ...TRACKING,
      status: 'delivery_failed',
      events: [...TRACKING.events, { status: 'delivery_failed', location: 'Bengaluru', at: '2026-12-02T08:00:00.000Z' }],
    });
    expect(screen.getByText('The courier could not deliver your order.')).toBeTruthy();
    expect(await within(await screen.findByRole('list', { name: 'Tracking' })).findByText('Delivery attempt failed')).toBeTruthy();
  });

  it('asks for no tracking before the parcel has a tracking number', () => {
    const fetchMock = renderSheet(order({ status: 'confirmed', parcel: null }));
    expect(screen.queryByRole('list', { name: 'Tracking' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/tracking'))).toBe(false);
  });
});
