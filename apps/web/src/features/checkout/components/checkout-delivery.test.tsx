import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@live-market/contract/orders';
import type { ShippingQuote } from '@live-market/contract/shipping';
import { renderWithProviders } from '@/testing/render';
import type { CheckoutRequest } from '../hooks/checkout-store';
import { CheckoutSheet } from './checkout-sheet';

// Issue 27: the courier's quote for the chosen address, and the PIN code filling the address form.
const HOME: Address = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Asha Verma', phone: '9123456789', pincode: '560001', state: 'Karnataka', city: 'Bengaluru', line1: '12 MG Road', line2: '' };
const PRODUCT = '00000000-0000-4000-8000-0000000000d1';
const request: CheckoutRequest = {
  key: 1,
  fromCart: true,
  lines: [
    { productId: PRODUCT, name: 'Kundan Jhumka', imageUrl: null, price: '999.00', stockQuantity: 5, quantity: 2 },
    { productId: '00000000-0000-4000-8000-0000000000d2', name: 'Temple necklace', imageUrl: null, price: '500.00', stockQuantity: 5, quantity: 1 },
  ],
};
const QUOTE: ShippingQuote = { deliverable: true, codAvailable: true, etaDays: 4, shippingFee: '40.00' };

function renderSheet(addresses: Address[], respond: (url: string) => { status?: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string) => {
    const { status = 200, body } = respond(url);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<CheckoutSheet request={request} open onOpenChange={() => {}} />, { seed: (qc) => qc.setQueryData(['/api/addresses'], addresses) });
  return fetchMock;
}

const quoteFor = (quote: ShippingQuote) => (url: string) => (url.startsWith('/api/shipping/quote') ? { body: quote } : { body: [] });

afterEach(() => vi.unstubAllGlobals());

describe('Checkout delivery', () => {
  it("asks the quote for the first product in the cart's whole quantity, and shows the days and the store-paid fee", async () => {
    const fetchMock = renderSheet([HOME], quoteFor(QUOTE));
    expect(await screen.findByText(/^Delivery in 4 days · by /)).toBeTruthy();
    expect(screen.getByText('Delivery ₹40.00 · paid by the store')).toBeTruthy();
    const url = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/shipping/quote'))?.[0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ productId: PRODUCT, quantity: '3', pincode: '560001' });
    // The buyer does not pay for delivery: the total is the goods alone.
    expect(screen.getByRole('button', { name: 'Pay ₹2,498.00' })).toBeTruthy();
  });

  it('disables Cash on Delivery with its reason when the courier does not collect cash there', async () => {
    renderSheet([HOME], quoteFor({ ...QUOTE, codAvailable: false }));
    const cod = await screen.findByRole('radio', { name: /Cash on Delivery/ });
    await waitFor(() => expect((cod as HTMLInputElement).disabled).toBe(true));
    expect(cod.closest('label')!.textContent).toContain('Not available for this PIN code');
    fireEvent.click(cod);
    expect((cod as HTMLInputElement).checked).toBe(false);
  });

  it('blocks the order when the courier cannot deliver to the address', async () => {
    renderSheet([HOME], quoteFor({ ...QUOTE, deliverable: false }));
    expect(await screen.findByText("We can't deliver to this PIN code yet. Choose another address.")).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay/ }).hasAttribute('disabled')).toBe(true);
  });

  it('fills city and state from the PIN code, keeps a city typed after, and shows the server message for an unknown code', async () => {
    const fetchMock = renderSheet([], (url) => {
      if (url === '/api/pincodes/560001') return { body: { pincode: '560001', district: 'Bengaluru Urban', state: 'Karnataka' } };
      if (url === '/api/pincodes/560002') return { body: { pincode: '560002', district: 'Bengaluru Urban', state: 'Karnataka' } };
      if (url === '/api/pincodes/999999') return { status: 404, body: { message: 'We do not know this PIN code' } };
      return { body: [] };
    });
    const form = await screen.findByRole('form', { name: 'New address' });
    const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('PIN code'), { target: { value: '560001' } });
    await waitFor(() => expect(field('City or town').value).toBe('Bengaluru Urban'));
    expect((within(form).getByLabelText('State') as HTMLSelectElement).value).toBe('Karnataka');
    fireEvent.change(field('City or town'), { target: { value: 'Whitefield' } });
    fireEvent.change(field('PIN code'), { target: { value: '560002' } });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/pincodes/560002')).toBe(true));
    // Let the answer land before checking it left the typed city alone.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field('City or town').value).toBe('Whitefield');
    fireEvent.change(field('PIN code'), { target: { value: '999999' } });
    expect(await within(form).findByText('We do not know this PIN code')).toBeTruthy();
  });
});
