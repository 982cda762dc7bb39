import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@live-market/contract/orders';
import type { ReturnRequest } from '@live-market/contract/shipping';
import { findToast, renderWithProviders } from '@/testing/render';
import { SELLER_ORDERS_URL } from '../api/get-seller-orders';
import { SellerOrders } from './seller-orders';

// Issue 27 on the seller's order list: a return to answer, and a large cash-on-delivery order not to ship yet.
const SELLER_USER = '00000000-0000-4000-8000-000000000002';
const ORDER = '00000000-0000-4000-8000-00000000aaaa';
const ITEM = '00000000-0000-4000-8000-0000000000e1';
const RETURN = '00000000-0000-4000-8000-0000000000c1';

const detail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ORDER,
  status: 'delivered',
  createdAt: '2026-11-20T10:00:00.000Z',
  totalAmount: '1598.00',
  paymentMethod: 'upi',
  paymentStatus: 'paid',
  streamId: null,
  source: null,
  dealId: null,
  auctionId: null,
  payBy: null,
  sellerId: '00000000-0000-4000-8000-0000000000f1',
  storeName: 'Asha Jewels',
  buyerName: 'Ravi Kumar',
  items: [{ id: ITEM, productId: null, name: 'Kundan jhumka', imageUrl: null, unitPrice: '799.00', quantity: 2, weightGrams: null }],
  address: { name: 'Ravi Kumar', phone: '9123456789', pincode: '560001', state: 'Karnataka', city: 'Bengaluru', line1: '12 MG Road', line2: '' },
  events: [],
  refund: null,
  refunds: [],
  cancelReason: null,
  hasInvoice: true,
  hasCreditNote: false,
  parcel: null,
  codConfirmation: null,
  returnStatus: 'requested',
  ...overrides,
});

const REQUESTED: ReturnRequest = {
  id: RETURN,
  orderId: ORDER,
  status: 'requested',
  awb: null,
  items: [{ orderItemId: ITEM, name: 'Kundan jhumka', quantity: 2 }],
  reason: 'not_as_described',
  note: 'The stones are plastic',
  photoUrls: ['/uploads/returns/a1.webp'],
  sellerNote: '',
  refund: null,
  createdAt: '2026-11-25T10:00:00.000Z',
};

function renderOrders(order: OrderDetail, answer: (init: RequestInit) => { status?: number; body: unknown } = () => ({ body: { ...REQUESTED, status: 'pickup_scheduled' } })) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') {
      const { status = 200, body } = answer(init);
      return Response.json(body, { status });
    }
    return Response.json(url === `/api/orders/${ORDER}/returns` ? [REQUESTED] : [order]);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<SellerOrders userId={SELLER_USER} />, { seed: (qc) => qc.setQueryData([SELLER_ORDERS_URL, SELLER_USER], [order]) });
  return fetchMock;
}

const patches = (fetchMock: ReturnType<typeof renderOrders>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url, init]) => [url, JSON.parse(String(init?.body)) as unknown]);

const row = () => screen.getByRole('listitem', { name: 'Order #0000AAAA' });

afterEach(() => vi.unstubAllGlobals());

describe("the seller's answer to a return", () => {
  it('shows what the buyer asked (items, reason, note, photos) and approves it', async () => {
    const fetchMock = renderOrders(detail());
    expect(within(row()).getByText('Return requested')).toBeTruthy();
    expect(await within(row()).findByText('Reason: Not as described')).toBeTruthy();
    expect(within(row()).getByText('Kundan jhumka × 2', { selector: 'li.font-medium' })).toBeTruthy();
    expect(within(row()).getByText("Buyer's note: The stones are plastic")).toBeTruthy();
    expect(within(row()).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('/uploads/returns/a1.webp');
    fireEvent.click(within(row()).getByRole('button', { name: 'Approve return' }));
    await findToast('The courier will pick the items up from the buyer.');
    expect(patches(fetchMock)).toEqual([[`/api/returns/${RETURN}`, { status: 'approved', note: '' }]]);
    // The list is asked again: the order's return status moved.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `${SELLER_ORDERS_URL}/${SELLER_USER}`)).toBe(true));
  });

  it('refuses only with a note for the buyer', async () => {
    const fetchMock = renderOrders(detail(), () => ({ body: { ...REQUESTED, status: 'rejected', sellerNote: 'They are kundan glass, as the listing says' } }));
    fireEvent.click(await within(row()).findByRole('button', { name: 'Refuse' }));
    fireEvent.click(within(row()).getByRole('button', { name: 'Refuse return' }));
    expect(await within(row()).findByText('Tell the buyer why you are refusing')).toBeTruthy();
    expect(patches(fetchMock)).toEqual([]);
    fireEvent.change(within(row()).getByLabelText('Why are you refusing? The buyer sees this.'), { target: { value: ' They are kundan glass, as the listing says ' } });
    fireEvent.click(within(row()).getByRole('button', { name: 'Refuse return' }));
    await findToast('Return refused');
    expect(patches(fetchMock)).toEqual([[`/api/returns/${RETURN}`, { status: 'rejected', note: 'They are kundan glass, as the listing says' }]]);
  });

  it('only shows the status of a return already answered', async () => {
    const fetchMock = renderOrders(detail({ returnStatus: 'picked_up' }));
    expect(within(row()).getByText('Picked up by the courier')).toBeTruthy();
    expect(within(row()).queryByRole('button', { name: 'Approve return' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/returns'))).toBe(false);
  });
});

describe('a cash-on-delivery order waiting for its buyer', () => {
  it('says so instead of offering Ship', () => {
    const waiting = detail({ status: 'confirmed', paymentMethod: 'cod', paymentStatus: 'pending', returnStatus: null, codConfirmation: { confirmed: false, expiresAt: '2026-11-21T10:00:00.000Z' } });
    renderOrders(waiting);
    expect(within(row()).getByText('Waiting for the buyer to confirm (cash on delivery)')).toBeTruthy();
    expect(within(row()).queryByRole('button', { name: 'Ship' })).toBeNull();
    // The seller may still cancel it.
    expect(within(row()).getByRole('button', { name: 'Cancel Order' })).toBeTruthy();
  });

  it('offers Ship once the buyer has confirmed', () => {
    renderOrders(detail({ status: 'confirmed', paymentMethod: 'cod', paymentStatus: 'pending', returnStatus: null, codConfirmation: { confirmed: true, expiresAt: '2026-11-21T10:00:00.000Z' } }));
    expect(within(row()).getByRole('button', { name: 'Ship' })).toBeTruthy();
    expect(within(row()).queryByText('Waiting for the buyer to confirm (cash on delivery)')).toBeNull();
  });
});
