import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@live-market/contract/orders';
import { renderWithProviders } from '@/testing/render';
import { ORDERS_URL } from '../api/get-orders';
import { OrderDetailsSheet } from './order-details-sheet';

const ID = '00000000-0000-4000-8000-00000000aa11';
const ITEM_A = '00000000-0000-4000-8000-0000000000e1';
const ITEM_B = '00000000-0000-4000-8000-0000000000e2';
const REFUND = '00000000-0000-4000-8000-0000000000f9';

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ID,
  status: 'confirmed',
  createdAt: '2026-11-20T10:00:00.000Z',
  totalAmount: '1598.00',
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
  items: [
    { id: ITEM_A, productId: null, name: 'Kundan jhumka', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null },
    { id: ITEM_B, productId: null, name: 'Temple necklace', imageUrl: null, unitPrice: '799.00', quantity: 1, weightGrams: null },
  ],
  address: null,
  events: [{ status: 'confirmed', at: '2026-11-20T10:00:00.000Z' }],
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

const processed = { id: REFUND, amount: '1598', status: 'processed', method: 'original', processedAt: '2026-11-21T10:00:00.000Z' } as const;

function renderSheet(initial: OrderDetail, onPost: (init: RequestInit) => OrderDetail = () => initial) {
  // A delivered order also asks for its returns (issue 27): none here.
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => new Response(JSON.stringify(init?.method === 'POST' ? onPost(init) : url.endsWith('/returns') ? [] : initial)));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<OrderDetailsSheet orderId={ID} open onOpenChange={() => {}} />, { seed: (qc) => qc.setQueryData([ORDERS_URL, ID], initial) });
  return fetchMock;
}

/** The open sheet marks the rest of the page (the toast region included) aria-hidden: look it up with hidden: true. */
async function findToast(text: string) {
  const region = await screen.findByRole('region', { name: /Notifications/, hidden: true });
  return within(region).findByText(text);
}

afterEach(() => vi.unstubAllGlobals());

describe('OrderDetailsSheet', () => {
  it("asks the buyer of a cash-on-delivery order where a refund goes, checks the UPI id, and sends the choice", async () => {
    const waiting = { id: REFUND, amount: '799', status: 'pending', method: null, processedAt: null, orderItemId: ITEM_A, quantity: null } as const;
    const cod = order({ status: 'delivered', paymentMethod: 'cod', refunds: [waiting] });
    const fetchMock = renderSheet(cod, () => ({ ...waiting, method: 'upi' }) as never);
    const sheet = await screen.findByRole('dialog', { name: 'Order #0000AA11' });
    const form = within(sheet).getByRole('form', { name: 'How would you like your ₹799.00 back?' });
    fireEvent.change(within(form).getByLabelText('UPI id'), { target: { value: 'ravi at okaxis' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Get my refund' }));
    expect(await within(form).findByText('Enter a valid UPI id, like name@okbank')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('UPI id'), { target: { value: 'ravi@okaxis' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Get my refund' }));
    await findToast('Your refund is on its way to your UPI id.');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/orders/${ID}/refunds/${REFUND}/method`);
    expect(JSON.parse(post[1]!.body as string)).toEqual({ method: 'upi', vpa: 'ravi@okaxis' });
  });

  it('sends store credit as the choice when the buyer picks it', async () => {
    const waiting = { id: REFUND, amount: '799', status: 'pending', method: null, processedAt: null, orderItemId: ITEM_A, quantity: null } as const;
    const fetchMock = renderSheet(order({ status: 'delivered', paymentMethod: 'cod', refunds: [waiting] }), () => ({ ...waiting, method: 'store_credit' }) as never);
    const sheet = await screen.findByRole('dialog', { name: 'Order #0000AA11' });
    fireEvent.click(within(sheet).getByRole('radio', { name: /As store credit/ }));
    expect(within(sheet).queryByLabelText('UPI id')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Get my refund' }));
    await findToast('Your refund is being added to your store credit.');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ method: 'store_credit' });
  });

  it('cancels with the reason given, then shows the refund', async () => {
    const cancelled = order({ status: 'cancelled', paymentStatus: 'refunded', cancelReason: 'Ordered the wrong size', refund: processed, refunds: [{ ...processed, orderItemId: null, quantity: null }], hasCreditNote: true });
    const fetchMock = renderSheet(order(), () => cancelled);
    const sheet = await screen.findByRole('dialog', { name: 'Order #0000AA11' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel Order' }));
    const confirm = within(sheet).getByRole('alertdialog', { name: 'Cancel this order?' });
    expect(within(confirm).getByText('You have paid for this order: ₹1,598.00 is refunded to you automatically.')).toBeTruthy();
    fireEvent.change(within(confirm).getByLabelText('Reason (optional)'), { target: { value: '  Ordered the wrong size ' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, cancel' }));

    await findToast('Your refund of ₹1,598.00 is on its way.');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/orders/${ID}/cancel`);
    expect(JSON.parse(post[1]!.body as string)).toEqual({ reason: 'Ordered the wrong size' });
    await waitFor(() => expect(within(sheet).getByText('Reason: Ordered the wrong size')).toBeTruthy());
    const refund = within(sheet).getByRole('heading', { name: 'Refund' }).parentElement!;
    expect(within(refund).getByText('₹1,598.00')).toBeTruthy();
    expect(within(refund).getByText('Refunded')).toBeTruthy();
    expect(within(refund).getByText('Back to your original payment method')).toBeTruthy();
    expect(within(refund).getByText(/^Refunded on /)).toBeTruthy();
    expect(within(sheet).getByRole('link', { name: 'Credit note' }).getAttribute('href')).toBe(`/api/orders/${ID}/credit-note`);
    expect(within(sheet).queryByRole('button', { name: 'Cancel Order' })).toBeNull();
  });

  it('sends no reason when none is given', async () => {
    const fetchMock = renderSheet(order({ paymentStatus: 'pending' }), () => order({ status: 'cancelled', paymentStatus: 'pending' }));
    const sheet = await screen.findByRole('dialog');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel Order' }));
    expect(within(sheet).queryByText(/is refunded to you automatically/)).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Yes, cancel' }));
    await findToast('Any payment made will be refunded.');
    expect(JSON.parse(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body as string)).toEqual({});
  });

  it('opens the invoice in a new tab, and shows an item refunded alone beside it', async () => {
    const itemRefund = { id: REFUND, amount: '799', status: 'pending', method: 'original', processedAt: null, orderItemId: ITEM_B, quantity: null } as const;
    renderSheet(order({ status: 'shipped', refund: itemRefund, refunds: [itemRefund] }));
    const sheet = await screen.findByRole('dialog');
    const invoice = within(sheet).getByRole('link', { name: 'Download invoice' });
    expect(invoice.getAttribute('href')).toBe(`/api/orders/${ID}/invoice`);
    expect(invoice.getAttribute('target')).toBe('_blank');
    expect(within(sheet).queryByRole('link', { name: 'Credit note' })).toBeNull();
    const necklace = within(sheet).getByText('Temple necklace').closest('li')!;
    expect(within(necklace).getByText('Refund in progress')).toBeTruthy();
    expect(within(necklace).getByText('₹799.00', { selector: '.tabular-nums:not(.font-semibold)' })).toBeTruthy();
    expect(within(within(sheet).getByText('Kundan jhumka').closest('li')!).queryByText('Refund in progress')).toBeNull();
    // Shipped: too late to cancel; no whole-order refund section.
    expect(within(sheet).queryByRole('button', { name: 'Cancel Order' })).toBeNull();
    expect(within(sheet).queryByRole('heading', { name: 'Refund' })).toBeNull();
  });
});
