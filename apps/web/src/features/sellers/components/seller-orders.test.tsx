import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@live-market/contract/orders';
import { findToast, renderWithProviders } from '@/testing/render';
import { SELLER_ORDERS_URL } from '../api/get-seller-orders';
import { SellerOrders } from './seller-orders';

const SELLER_USER = '00000000-0000-4000-8000-000000000002';

const detail = (suffix: string, status: OrderDetail['status'], createdAt: string): OrderDetail => ({
  id: `00000000-0000-4000-8000-0000000${suffix}`,
  status,
  createdAt,
  totalAmount: '1998.00',
  paymentMethod: 'upi',
  paymentStatus: status === 'pending' ? 'pending' : 'paid',
  streamId: null,
  source: null,
  dealId: null,
  auctionId: null,
  payBy: null,
  sellerId: '00000000-0000-4000-8000-0000000000f1',
  storeName: 'Asha Jewels',
  buyerName: 'Ravi Kumar',
  items: [{ id: '00000000-0000-4000-8000-0000000000e1', productId: null, name: 'Kundan Jhumka', imageUrl: null, unitPrice: '999.00', quantity: 2, weightGrams: null }],
  address: { name: 'Ravi Kumar', phone: '9123456789', pincode: '560001', state: 'Karnataka', city: 'Bengaluru', line1: '12 MG Road', line2: '' },
  events: [{ status, at: createdAt }],
  refund: null,
  refunds: [],
  cancelReason: null,
  hasInvoice: status !== 'pending',
  hasCreditNote: false,
  parcel: status === 'shipped' || status === 'delivered' ? { awb: `SIM${suffix}`, carrier: 'Simulated Express', trackingUrl: null, status: status === 'shipped' ? 'in_transit' : 'delivered', orderIds: [`00000000-0000-4000-8000-0000000${suffix}`] } : null,
  codConfirmation: null,
  returnStatus: null,
});

const ORDERS = [
  detail('00aaaaa', 'pending', '2025-03-01T10:00:00.000Z'),
  detail('00bbbbb', 'confirmed', '2025-03-04T10:00:00.000Z'),
  detail('00ccccc', 'shipped', '2025-03-03T10:00:00.000Z'),
  detail('00ddddd', 'delivered', '2025-03-02T10:00:00.000Z'),
];

function renderOrders(respond: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<SellerOrders userId={SELLER_USER} />, { seed: (qc) => qc.setQueryData([SELLER_ORDERS_URL, SELLER_USER], ORDERS) });
  return fetchMock;
}

const row = (number: string) => screen.getByRole('listitem', { name: `Order #${number}` });

afterEach(() => vi.unstubAllGlobals());

describe('SellerOrders', () => {
  it('lists the newest first with buyer, items and total, and the address on expand', () => {
    renderOrders(() => new Response('[]'));
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Order #000BBBBB', 'Order #000CCCCC', 'Order #000DDDDD', 'Order #000AAAAA']);
    const confirmed = row('000BBBBB');
    expect(within(confirmed).getByText('Kundan Jhumka × 2')).toBeTruthy();
    expect(within(confirmed).getByText(/Ravi Kumar · Mar 04, 2025/)).toBeTruthy();
    expect(within(confirmed).getByText('₹1,998.00')).toBeTruthy();
    fireEvent.click(within(confirmed).getByRole('button', { name: 'Delivery address' }));
    expect(within(confirmed).getByText(/12 MG Road, Bengaluru, Karnataka 560001/)).toBeTruthy();
  });

  it('offers only the actions each status allows: the courier moves a shipped order on (issue 27)', () => {
    renderOrders(() => new Response('[]'));
    const names = (number: string) => within(row(number)).queryAllByRole('button').map((b) => b.textContent).filter((text) => text !== 'Delivery address');
    expect(names('000AAAAA')).toEqual(['Cancel Order']);
    expect(names('000BBBBB')).toEqual(['Ship', 'Cancel Order']);
    expect(names('000CCCCC')).toEqual([]);
    expect(names('000DDDDD')).toEqual([]);
  });

  it('shows the courier, the tracking number and the label of a shipped order', () => {
    renderOrders(() => new Response('[]'));
    const shipped = row('000CCCCC');
    expect(within(shipped).getByText('Courier: Simulated Express')).toBeTruthy();
    expect(within(shipped).getByText('Tracking number: SIM00ccccc')).toBeTruthy();
    expect(within(shipped).getByRole('link', { name: 'Label (PDF)' }).getAttribute('href')).toBe(`/api/orders/${ORDERS[2]?.id}/label`);
    expect(within(row('000BBBBB')).queryByRole('link', { name: 'Label (PDF)' })).toBeNull();
  });

  it("toasts the server's message when a change is refused", async () => {
    renderOrders((_, init) => (init?.method === 'PATCH' ? new Response(JSON.stringify({ message: 'This order is already in a parcel' }), { status: 409 }) : new Response(JSON.stringify(ORDERS))));
    fireEvent.click(within(row('000BBBBB')).getByRole('button', { name: 'Cancel Order' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    // The open sheet hides the rest of the page from the accessibility tree: found by its text.
    expect(await screen.findByText('This order is already in a parcel')).toBeTruthy();
  });

  it('asks before cancelling, then cancels', async () => {
    const fetchMock = renderOrders(() => new Response(JSON.stringify({ ...ORDERS[0], status: 'cancelled' })));
    fireEvent.click(within(row('000AAAAA')).getByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #000AAAAA?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await findToast('Cancelled');
    expect(fetchMock).toHaveBeenCalledWith(`/api/orders/${ORDERS[0]?.id}`, expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ status: 'cancelled' }) }));
  });
});
