import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@live-market/contract/orders';
import { renderWithProviders } from '@/testing/render';
import { SELLER_ORDERS_URL } from '../api/get-seller-orders';
import { SellerOrders } from './seller-orders';

// Issue 26 on the seller's order list: refunding one item of several, refunded items, the invoice.
const SELLER_USER = '00000000-0000-4000-8000-000000000002';
const ITEM = (n: number) => `00000000-0000-4000-8000-0000000000e${n}`;

const detail = (suffix: string, overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: `00000000-0000-4000-8000-0000000${suffix}`,
  status: 'confirmed',
  createdAt: '2026-11-20T10:00:00.000Z',
  totalAmount: '2397.00',
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
  items: [
    { id: ITEM(1), productId: null, name: 'Kundan jhumka', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null },
    { id: ITEM(2), productId: null, name: 'Temple necklace', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null },
    { id: ITEM(3), productId: null, name: 'Silver anklet', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null },
  ],
  address: null,
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

const refundOf = (item: string, status: 'pending' | 'processed' | 'failed' = 'processed') => ({
  id: `00000000-0000-4000-8000-0000000000a${item.slice(-1)}`,
  amount: '799',
  status,
  method: 'original' as const,
  processedAt: null,
  orderItemId: item,
  quantity: null,
});

function renderOrders(orders: OrderDetail[], onPost: (url: string, init: RequestInit) => OrderDetail) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => new Response(JSON.stringify(init?.method === 'POST' ? onPost(url, init) : orders)));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<SellerOrders userId={SELLER_USER} />, { seed: (qc) => qc.setQueryData([SELLER_ORDERS_URL, SELLER_USER], orders) });
  return fetchMock;
}

const row = (number: string) => screen.getByRole('listitem', { name: `Order #${number}` });

afterEach(() => vi.unstubAllGlobals());

describe('SellerOrders refunds', () => {
  it('refunds one item with the reason given, then shows it refunded', async () => {
    const order = detail('00aaaaa');
    const fetchMock = renderOrders([order], () => ({ ...order, refunds: [refundOf(ITEM(2), 'pending')] }));
    fireEvent.click(within(row('000AAAAA')).getByRole('button', { name: 'Refund Temple necklace' }));
    const sheet = await screen.findByRole('dialog', { name: 'Refund Temple necklace?' });
    expect(within(sheet).getByText('The buyer gets ₹799.00 back automatically. The rest of the order goes ahead.')).toBeTruthy();
    fireEvent.change(within(sheet).getByLabelText('Reason (optional)'), { target: { value: 'Out of stock' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Yes, refund' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row('000AAAAA')).getByText(/Refund in progress/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe(`/api/orders/${order.id}/refunds`);
    expect(JSON.parse(init!.body as string)).toEqual({ orderItemId: ITEM(2), reason: 'Out of stock' });
    expect(within(row('000AAAAA')).getByText('Temple necklace × 1').className).toContain('line-through');
    expect(within(row('000AAAAA')).queryByRole('button', { name: 'Refund Temple necklace' })).toBeNull();
  });

  it('offers Refund item only on a paid order going ahead with two or more items left', () => {
    renderOrders(
      [
        detail('00aaaaa', { refunds: [refundOf(ITEM(1))] }),
        detail('00bbbbb', { refunds: [refundOf(ITEM(1)), refundOf(ITEM(2))] }),
        detail('00ccccc', { paymentStatus: 'pending', paymentMethod: 'cod' }),
        detail('00ddddd', { status: 'cancelled' }),
      ],
      () => detail('00aaaaa'),
    );
    const refundButtons = (number: string) => within(row(number)).queryAllByRole('button', { name: /^Refund / }).map((b) => b.getAttribute('aria-label'));
    expect(refundButtons('000AAAAA')).toEqual(['Refund Temple necklace', 'Refund Silver anklet']);
    expect(within(row('000AAAAA')).getByText(/^Refunded/)).toBeTruthy();
    expect(refundButtons('000BBBBB')).toEqual([]);
    expect(refundButtons('000CCCCC')).toEqual([]);
    expect(refundButtons('000DDDDD')).toEqual([]);
  });

  it('after a return of some units, refunds the rest of that line for what the rest costs', async () => {
    const items = detail('00aaaaa').items.map((i, n) => (n === 2 ? { ...i, quantity: 3 } : i));
    const order = detail('00aaaaa', { items, refunds: [{ ...refundOf(ITEM(3)), quantity: 1 }] });
    renderOrders([order], () => order);
    const anklet = within(row('000AAAAA')).getByText('Silver anklet × 3');
    expect(anklet.className).not.toContain('line-through');
    expect(within(row('000AAAAA')).getByText(/Refunded · ₹799.00 · × 1/)).toBeTruthy();
    fireEvent.click(within(row('000AAAAA')).getByRole('button', { name: 'Refund Silver anklet' }));
    const sheet = await screen.findByRole('dialog', { name: 'Refund Silver anklet?' });
    expect(within(sheet).getByText('The buyer gets ₹1,598.00 back automatically. The rest of the order goes ahead.')).toBeTruthy();
  });

  it('links the invoice, and says a paid order is refunded automatically when cancelled', async () => {
    renderOrders([detail('00aaaaa')], () => detail('00aaaaa'));
    const invoice = within(row('000AAAAA')).getByRole('link', { name: 'Invoice' });
    expect(invoice.getAttribute('href')).toBe('/api/orders/00000000-0000-4000-8000-000000000aaaaa/invoice');
    expect(invoice.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(row('000AAAAA')).getByRole('button', { name: 'Cancel Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #000AAAAA?' });
    expect(within(dialog).getByText("The buyer is told and the stock goes back. The buyer's payment of ₹2,397.00 is refunded automatically.")).toBeTruthy();
  });
});
