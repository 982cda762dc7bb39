import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Cart, Order, OrderItem, OrderSummary } from '@live-market/contract/orders';
import { setCartOpen } from '@/features/cart/hooks/cart-store';
import { findToast, makeUser, renderWithProviders } from '@/testing/render';
import { AppRouter } from '../router';

const item = (name: string, imageUrl: string | null = null, quantity = 1): OrderItem => ({ id: '00000000-0000-4000-8000-0000000000e1', productId: '00000000-0000-4000-8000-0000000000d1', name, imageUrl, unitPrice: '999.00', quantity, weightGrams: 250 });

const order = (id: string, overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  status: 'confirmed',
  createdAt: '2025-03-07T10:00:00.000Z',
  totalAmount: '2499.00',
  paymentMethod: 'upi',
  paymentStatus: 'paid',
  streamId: null,
  source: null,
  dealId: null,
  auctionId: null,
  payBy: null,
  storeName: 'Asha Jewels',
  items: [item('Temple necklace')],
  ...overrides,
});

const ORDERS: OrderSummary[] = [
  order('00000000-0000-4000-8000-00000000aa11'),
  order('00000000-0000-4000-8000-00000000bb22', { status: 'delivered', paymentMethod: 'cod', paymentStatus: 'pending', totalAmount: '149999.50' }),
  // Unknown status and a missing date, as an older client might have stored them.
  order('00000000-0000-4000-8000-00000000cc33', { status: 'lost' as Order['status'], createdAt: '' }),
];

const cart: Cart = {
  totalAmount: '999.00',
  items: [
    { id: '00000000-0000-4000-8000-0000000000e1', productId: '00000000-0000-4000-8000-0000000000d1', sellerId: '00000000-0000-4000-8000-0000000000f1', storeName: 'Asha Jewels', name: 'Kundan Jhumka', imageUrl: null, price: '999.00', quantity: 1, stockQuantity: 4, isActive: true },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  setCartOpen(false);
});

function renderOrders(orders: OrderSummary[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/reorder') && init?.method === 'POST') return new Response(JSON.stringify(cart));
    if (url === '/api/cart') return new Response(JSON.stringify({ items: [], totalAmount: '0.00' }));
    return new Response(JSON.stringify(orders));
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<AppRouter />, { path: '/orders', user: makeUser(), seed: (qc) => qc.setQueryData(['/api/orders'], orders) });
  return fetchMock;
}

describe('/orders', () => {
  it('shows the count, order numbers, dates, badges, totals and payment', async () => {
    renderOrders(ORDERS);
    expect(await screen.findByRole('heading', { name: 'My Orders (3)' })).toBeTruthy();
    const first = screen.getByRole('article', { name: 'Order #0000AA11' });
    expect(within(first).getByText('Mar 07, 2025')).toBeTruthy();
    expect(within(first).getByText('Confirmed')).toBeTruthy();
    expect(within(first).getByText('Total Amount')).toBeTruthy();
    expect(within(first).getByText('₹2,499.00')).toBeTruthy();
    expect(within(first).getByText('UPI · Paid')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Order #0000BB22' });
    expect(within(second).getByText('₹1,49,999.50')).toBeTruthy();
    expect(within(second).getByText('Cash on Delivery · Pending')).toBeTruthy();
    const third = screen.getByRole('article', { name: 'Order #0000CC33' });
    expect(within(third).getByText('Date not available')).toBeTruthy();
    expect(within(third).getByText('Pending').closest('[data-status]')?.getAttribute('data-status')).toBe('pending');
  });

  it('names what was bought with its photo and the store, and counts the rest (issue 25)', async () => {
    const many = order('00000000-0000-4000-8000-00000000ee55', {
      storeName: 'Lakshmi Handlooms',
      items: [item('Ilkal saree', '/uploads/ilkal.webp'), item('Kashmiri stole', null, 3), item('Cotton dupatta'), item('Silk blouse')],
    });
    renderOrders([many]);
    const card = await screen.findByRole('article', { name: 'Order #0000EE55' });
    expect(within(card).getByText(/Lakshmi Handlooms/)).toBeTruthy();
    const items = within(card).getByRole('list', { name: 'Items' });
    expect(within(items).getByText('Ilkal saree')).toBeTruthy();
    expect(within(items).getByText('Kashmiri stole')).toBeTruthy();
    expect(within(items).getByText('× 3')).toBeTruthy();
    expect(within(items).queryByText('Cotton dupatta')).toBeNull();
    expect(within(items).getByText('+2 more')).toBeTruthy();
    expect(items.querySelector('img')?.getAttribute('src')).toContain('/uploads/ilkal');
  });

  it('offers View Details on every order and Reorder only on delivered ones', async () => {
    renderOrders(ORDERS);
    expect(await screen.findAllByRole('button', { name: 'View Details' })).toHaveLength(3);
    const reorder = screen.getAllByRole('button', { name: 'Reorder' });
    expect(reorder).toHaveLength(1);
    expect(within(screen.getByRole('article', { name: 'Order #0000BB22' })).getByRole('button', { name: 'Reorder' })).toBe(reorder[0]);
  });

  it('reorders a delivered order, then says so and opens the cart', async () => {
    const fetchMock = renderOrders(ORDERS);
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    await findToast('Added to Cart');
    expect(fetchMock).toHaveBeenCalledWith('/api/orders/00000000-0000-4000-8000-00000000bb22/reorder', expect.objectContaining({ method: 'POST' }));
    expect(await screen.findByRole('dialog', { name: 'My Cart' })).toBeTruthy();
    expect(await screen.findByText('Kundan Jhumka')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cart, 1 item', hidden: true })).toBeTruthy());
  });

  it('shows a won auction awaiting payment with its pay-by time, and Pay now pays it with an address and an online method', async () => {
    const won = order('00000000-0000-4000-8000-00000000dd44', {
      status: 'pending',
      paymentMethod: null,
      paymentStatus: 'pending',
      totalAmount: '1300.00',
      auctionId: '00000000-0000-4000-8000-0000000000a1',
      payBy: '2025-03-07T12:30:00.000Z',
    });
    const address = { id: '00000000-0000-4000-8000-0000000000ad', name: 'Meera Iyer', phone: '9845012345', pincode: '560034', state: 'Karnataka', city: 'Bengaluru', line1: '12, 4th Cross', line2: '' };
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/addresses') return new Response(JSON.stringify([address]));
      if (url.endsWith('/pay') && init?.method === 'POST') {
        return new Response(JSON.stringify({ order: { ...won, paymentMethod: 'upi' }, payment: { provider: 'none' } }));
      }
      return new Response(JSON.stringify([won]));
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AppRouter />, { path: '/orders', user: makeUser(), seed: (qc) => qc.setQueryData(['/api/orders'], [won]) });
    const card = await screen.findByRole('article', { name: 'Order #0000DD44' });
    expect(within(card).getByText('Won in a live auction')).toBeTruthy();
    expect(within(card).getByText('Awaiting payment')).toBeTruthy();
    // 12:30 UTC is 6:00 PM in India; the test machine's zone decides what it prints.
    expect(card.textContent).toMatch(/Pay by Mar 07, 2025, \d{1,2}:\d{2} [AP]M/);
    fireEvent.click(within(card).getByRole('button', { name: 'Pay now' }));
    const sheet = await screen.findByRole('dialog', { name: 'Pay for your order' });
    expect(await within(sheet).findByText('Meera Iyer · 9845012345')).toBeTruthy();
    // 'Pay now' pays now: no cash on delivery.
    expect(within(sheet).queryByRole('radio', { name: 'Cash on Delivery' })).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Pay ₹1,300.00' }));
    expect(await within(sheet).findByText('Payment received')).toBeTruthy();
    const pay = fetchMock.mock.calls.find(([url]) => url.endsWith('/pay'));
    expect(pay?.[0]).toBe('/api/orders/00000000-0000-4000-8000-00000000dd44/pay');
    expect(JSON.parse(String(pay?.[1]?.body))).toEqual({ addressId: address.id, paymentMethod: 'upi' });
  });

  it('offers Pay now only on orders awaiting payment', async () => {
    renderOrders(ORDERS);
    expect(await screen.findAllByRole('button', { name: 'View Details' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(screen.queryByText('Awaiting payment')).toBeNull();
  });

  it("shows 'No Orders Yet' with a way back to shopping", async () => {
    renderOrders([]);
    expect(await screen.findByText('No Orders Yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Orders (0)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start Shopping' }).getAttribute('href')).toBe('/');
  });
});
