import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@live-market/contract/orders';
import { renderWithProviders } from '@/testing/render';
import { SELLER_ORDERS_URL } from '../api/get-seller-orders';
import { SellerOrders } from './seller-orders';

// Issue 27: the seller books the courier from the order list; the buyer's orders of one show share a parcel.
const SELLER_USER = '00000000-0000-4000-8000-000000000002';
const STREAM = '00000000-0000-4000-8000-0000000000aa';
const id = (suffix: string) => `00000000-0000-4000-8000-0000000${suffix}`;

const detail = (suffix: string, overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: id(suffix),
  status: 'confirmed',
  createdAt: '2026-11-20T10:00:00.000Z',
  totalAmount: '799.00',
  paymentMethod: 'upi',
  paymentStatus: 'paid',
  streamId: STREAM,
  source: 'live',
  dealId: null,
  auctionId: null,
  payBy: null,
  sellerId: '00000000-0000-4000-8000-0000000000f1',
  storeName: 'Asha Jewels',
  buyerName: 'Ravi Kumar',
  items: [{ id: '00000000-0000-4000-8000-0000000000e1', productId: null, name: 'Kundan jhumka', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null }],
  address: { name: 'Ravi Kumar', phone: '9123456789', pincode: '560001', state: 'Karnataka', city: 'Bengaluru', line1: '12 MG Road', line2: '' },
  events: [],
  refund: null,
  refunds: [],
  cancelReason: null,
  hasInvoice: true,
  hasCreditNote: false,
  parcel: null,
  codConfirmation: null,
  returnStatus: null,
  ...overrides,
});

// Two 250 g pairs; the second order's product is gone, so it counts as the default 500 g.
const FIRST = detail('00aaaaa', { createdAt: '2026-11-20T11:00:00.000Z', items: [{ ...detail('00aaaaa').items[0]!, quantity: 2, weightGrams: 250 }] });
const SECOND = detail('00bbbbb');
const OTHER_BUYER = detail('00ccccc', { buyerName: 'Meena Iyer', createdAt: '2026-11-20T09:00:00.000Z' });
const SHIPMENT = { awb: 'SIM123456', carrier: 'Simulated Express', trackingUrl: 'https://track.example/SIM123456', orderIds: [FIRST.id, SECOND.id] };

type Handler = (url: string, init?: RequestInit) => { status?: number; body: unknown };

function renderOrders(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { status = 200, body } = handler(url, init);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<SellerOrders userId={SELLER_USER} />, { seed: (qc) => qc.setQueryData([SELLER_ORDERS_URL, SELLER_USER], [FIRST, SECOND, OTHER_BUYER]) });
  return fetchMock;
}

const shipments = (fetchMock: ReturnType<typeof renderOrders>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === `/api/orders/${FIRST.id}/shipment` && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openShipSheet() {
  fireEvent.click(within(screen.getByRole('listitem', { name: 'Order #000AAAAA' })).getByRole('button', { name: 'Ship' }));
  return screen.findByRole('dialog', { name: 'Ship order #000AAAAA' });
}

afterEach(() => vi.unstubAllGlobals());

describe('Ship sheet', () => {
  it('says the parcel carries both orders, posts the size, and shows the tracking number and the label', async () => {
    const fetchMock = renderOrders((url, init) => (init?.method === 'POST' ? { status: 201, body: SHIPMENT } : { body: [FIRST, SECOND, OTHER_BUYER] }));
    const sheet = await openShipSheet();
    expect(within(sheet).getByText('Ship together: 2 orders in one parcel')).toBeTruthy();
    expect((within(sheet).getByLabelText('Length (cm)') as HTMLInputElement).value).toBe('20');
    expect((within(sheet).getByLabelText('Weight (g)') as HTMLInputElement).value).toBe('1000');
    fireEvent.change(within(sheet).getByLabelText('Weight (g)'), { target: { value: '800' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Book the courier' }));
    expect(await within(sheet).findByText('Tracking number: SIM123456')).toBeTruthy();
    expect(shipments(fetchMock)).toEqual([{ weightGrams: 800, lengthCm: 20, breadthCm: 15, heightCm: 10 }]);
    expect(within(sheet).getByText('Courier: Simulated Express')).toBeTruthy();
    expect(within(sheet).getByText('Shipped together: 2 orders in one parcel')).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'Label (PDF)' }).getAttribute('href')).toBe(`/api/orders/${FIRST.id}/label`);
    // The list is asked again: both orders of the parcel changed.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `${SELLER_ORDERS_URL}/${SELLER_USER}`)).toBe(true));
  });

  it('checks the size before sending', async () => {
    const fetchMock = renderOrders(() => ({ body: [] }));
    const sheet = await openShipSheet();
    fireEvent.change(within(sheet).getByLabelText('Weight (g)'), { target: { value: '0' } });
    fireEvent.change(within(sheet).getByLabelText('Height (cm)'), { target: { value: '12.5' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Book the courier' }));
    expect(await within(sheet).findByText('Enter the weight in grams, 1 to 30000')).toBeTruthy();
    expect(within(sheet).getByText('Enter each side in cm, 1 to 150')).toBeTruthy();
    expect(shipments(fetchMock)).toEqual([]);
  });

  it('asks for the pickup address the first time, saves it, then ships', async () => {
    let pickup: unknown = null;
    const fetchMock = renderOrders((url, init) => {
      if (url === '/api/seller/pickup-address') {
        if (init?.method === 'PUT') pickup = { id: '00000000-0000-4000-8000-0000000000d1', ...(JSON.parse(String(init.body)) as object) };
        return { body: pickup };
      }
      if (url === '/api/pincodes/400001') return { body: { pincode: '400001', district: 'Mumbai', state: 'Maharashtra' } };
      if (url.endsWith('/shipment')) return pickup ? { status: 201, body: { ...SHIPMENT, orderIds: [FIRST.id] } } : { status: 409, body: { message: 'Add your pickup address before your first shipment' } };
      return { body: [FIRST, SECOND, OTHER_BUYER] };
    });
    const sheet = await openShipSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Book the courier' }));
    expect(await within(sheet).findByText('Add your pickup address before your first shipment')).toBeTruthy();
    const form = await within(sheet).findByRole('form', { name: 'Add your pickup address' });
    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Asha Jewels' } });
    fireEvent.change(within(form).getByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(within(form).getByLabelText('House number and street'), { target: { value: '4 Kalbadevi Road' } });
    fireEvent.change(within(form).getByLabelText('PIN code'), { target: { value: '400001' } });
    await waitFor(() => expect((within(form).getByLabelText('City or town') as HTMLInputElement).value).toBe('Mumbai'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save and ship' }));
    expect(await within(sheet).findByText('Tracking number: SIM123456')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ name: 'Asha Jewels', pincode: '400001', city: 'Mumbai', state: 'Maharashtra', line1: '4 Kalbadevi Road' });
    expect(shipments(fetchMock)).toHaveLength(2);
  });
});
