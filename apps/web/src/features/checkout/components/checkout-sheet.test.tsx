import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address, OrderDetail, PaymentAction } from '@live-market/contract/orders';
import { renderWithProviders } from '@/testing/render';
import type { CheckoutRequest } from '../hooks/checkout-store';
import { CheckoutSheet } from './checkout-sheet';

const ORDER_ID = '00000000-0000-4000-8000-00000000abcd';
const PAYMENT_ID = '00000000-0000-4000-8000-0000000000p1'.replace('p', 'f');

const address = (id: string, name: string): Address => ({ id, name, phone: '9123456789', pincode: '560001', state: 'Karnataka', city: 'Bengaluru', line1: '12 MG Road', line2: '' });
const HOME = address('00000000-0000-4000-8000-0000000000a1', 'Asha Verma');
const OFFICE = address('00000000-0000-4000-8000-0000000000a2', 'Asha at work');

const request: CheckoutRequest = {
  key: 1,
  fromCart: false,
  streamId: '00000000-0000-4000-8000-0000000000cc',
  lines: [{ productId: '00000000-0000-4000-8000-0000000000d1', name: 'Kundan Jhumka', imageUrl: null, price: '999.00', stockQuantity: 2, quantity: 1 }],
};

const order = { id: ORDER_ID } as OrderDetail;

function stubFetch(handler: (url: string, init?: RequestInit) => { status?: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { status = 200, body } = handler(url, init);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/orders' && init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

function renderSheet(addresses: Address[], checkout: CheckoutRequest = request) {
  return renderWithProviders(<CheckoutSheet request={checkout} open onOpenChange={() => {}} />, { seed: (qc) => qc.setQueryData(['/api/addresses'], addresses) });
}

afterEach(() => vi.unstubAllGlobals());

describe('CheckoutSheet', () => {
  it("shows the contract's address messages when a new address is incomplete", async () => {
    stubFetch(() => ({ body: [] }));
    renderSheet([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Enter the name of the person receiving the order')).toBeTruthy();
    expect(screen.getByText('Enter a 10-digit mobile number')).toBeTruthy();
    expect(screen.getByText('Enter a 6-digit PIN code')).toBeTruthy();
    expect(screen.getByText('Enter your city or town')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay/ }).hasAttribute('disabled')).toBe(true);
  });

  it('offers store credit only while it covers the order, and pays with it', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/orders' ? { status: 201, body: { order, payment: { provider: 'none' } } } : url === '/api/store-credit' ? { body: { balance: '1500', lines: [] } } : { body: [HOME] },
    );
    renderSheet([HOME]);
    const credit = await screen.findByRole('radio', { name: /Store credit/ });
    expect(credit.closest('label')!.textContent).toContain('₹1,500.00 available');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    // ₹1,998 is more than the credit holds.
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Store credit/ })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    fireEvent.click(await screen.findByRole('radio', { name: /Store credit/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(posts(fetchMock)[0]).toMatchObject({ paymentMethod: 'store_credit', items: [{ quantity: 1 }] });
  });

  it('places a cash-on-delivery order and shows the order number', async () => {
    const fetchMock = stubFetch((url) => (url === '/api/orders' ? { status: 201, body: { order, payment: { provider: 'none' } } } : { body: [HOME] }));
    renderSheet([HOME]);
    fireEvent.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' }).hasAttribute('disabled')).toBe(true); // stock is 2
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order placed')).toBeTruthy();
    expect(screen.getByText('Order #0000ABCD')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View My Orders' }).getAttribute('href')).toBe('/orders');
    const [body] = posts(fetchMock);
    expect(body).toMatchObject({ items: [{ productId: request.lines[0]?.productId, quantity: 2 }], addressId: HOME.id, paymentMethod: 'cod', fromCart: false, streamId: request.streamId });
    expect(typeof body?.idempotencyKey).toBe('string');
    expect(JSON.parse(window.localStorage.getItem('checkout.last') ?? '{}')).toEqual({ addressId: HOME.id, paymentMethod: 'cod' });
  });

  it("marks an order bought from a show's replay with source 'replay' and the stream (issue 13)", async () => {
    const fetchMock = stubFetch((url) => (url === '/api/orders' ? { status: 201, body: { order, payment: { provider: 'none' } } } : { body: [HOME] }));
    renderSheet([HOME], { ...request, source: 'replay' });
    fireEvent.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order placed')).toBeTruthy();
    expect(posts(fetchMock)[0]).toMatchObject({ streamId: request.streamId, source: 'replay' });
  });

  it("buys a flash deal at its price with the deal's id (issue 14)", async () => {
    const fetchMock = stubFetch((url) => (url === '/api/orders' ? { status: 201, body: { order, payment: { provider: 'none' } } } : { body: [HOME] }));
    const dealId = '00000000-0000-4000-8000-0000000000d9';
    renderSheet([HOME], { ...request, source: 'live', dealId, lines: [{ ...request.lines[0]!, price: '799.00', stockQuantity: 1 }] });
    expect(screen.getByRole('button', { name: 'Pay ₹799.00' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order placed')).toBeTruthy();
    expect(posts(fetchMock)[0]).toMatchObject({ items: [{ productId: request.lines[0]?.productId, quantity: 1 }], streamId: request.streamId, source: 'live', dealId });
  });

  it('preselects the last used address and payment method', () => {
    stubFetch(() => ({ body: [] }));
    window.localStorage.setItem('checkout.last', JSON.stringify({ addressId: OFFICE.id, paymentMethod: 'wallet' }));
    renderSheet([HOME, OFFICE]);
    expect((screen.getByRole('radio', { name: /Asha at work/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Wallet' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Pay ₹999.00' })).toBeTruthy();
  });

  it('retries a failed attempt with the same idempotency key', async () => {
    let attempts = 0;
    const fetchMock = stubFetch((url) => {
      if (url !== '/api/orders') return { body: [] };
      attempts += 1;
      return attempts === 1 ? { status: 503, body: { message: 'Service Unavailable' } } : { status: 201, body: { order, payment: { provider: 'none' } } };
    });
    renderSheet([HOME]);
    fireEvent.click(screen.getByRole('radio', { name: 'Cash on Delivery' }));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Order placed')).toBeTruthy();
    const [first, second] = posts(fetchMock);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('pays in the test gateway and reacts to its payment_result message', async () => {
    const payment: PaymentAction = { provider: 'simulated', paymentId: PAYMENT_ID, gatewayUrl: `/api/payments/simulated/${PAYMENT_ID}` };
    let status = 'created';
    const fetchMock = stubFetch((url) => {
      if (url === '/api/orders') return { status: 201, body: { order, payment } };
      if (url === `/api/payments/${PAYMENT_ID}`) return { body: { id: PAYMENT_ID, status, kind: 'order', orderId: ORDER_ID, amount: '999.00', coins: null } };
      return { body: [] };
    });
    renderSheet([HOME]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹999.00' }));
    const frame = await screen.findByTitle('Payment gateway');
    expect(frame.getAttribute('src')).toBe(payment.gatewayUrl);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === `/api/payments/${PAYMENT_ID}`)).toBe(true));
    status = 'captured';
    // Sooner than the next 2-second poll: the message makes the sheet ask the server at once.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: 'payment_result', paymentId: PAYMENT_ID, status: 'captured' } }));
    });
    expect(await screen.findByText('Order placed', {}, { timeout: 1500 })).toBeTruthy();
  });

  it('shows the failure view with a retry when the payment fails', async () => {
    const payment: PaymentAction = { provider: 'simulated', paymentId: PAYMENT_ID, gatewayUrl: '/gateway' };
    stubFetch((url) => {
      if (url === '/api/orders') return { status: 201, body: { order, payment } };
      if (url.startsWith('/api/payments/')) return { body: { id: PAYMENT_ID, status: 'failed', kind: 'order', orderId: ORDER_ID, amount: '999.00', coins: null } };
      return { body: [] };
    });
    renderSheet([HOME]);
    fireEvent.click(screen.getByRole('button', { name: 'Pay ₹999.00' }));
    expect(await screen.findByText('Payment failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Pay ₹999.00' })).toBeTruthy();
  });
});
