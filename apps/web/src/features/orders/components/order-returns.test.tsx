import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@live-market/contract/orders';
import type { ReturnRequest } from '@live-market/contract/shipping';
import { renderWithProviders } from '@/testing/render';
import { ORDERS_URL } from '../api/get-orders';
import { OrderDetailsSheet } from './order-details-sheet';

// Issue 27: the buyer returns whole lines of a delivered order, follows the return, and may take a refusal further.
const ID = '00000000-0000-4000-8000-00000000aa11';
const ITEM_A = '00000000-0000-4000-8000-0000000000e1';
const ITEM_B = '00000000-0000-4000-8000-0000000000e2';
const RETURN = '00000000-0000-4000-8000-0000000000c1';
const RETURNS_URL = `${ORDERS_URL}/${ID}/returns`;

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ID,
  status: 'delivered',
  createdAt: '2026-11-20T10:00:00.000Z',
  totalAmount: '2397.00',
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
    { id: ITEM_B, productId: null, name: 'Silver anklet', imageUrl: null, unitPrice: '799.00', quantity: 2, weightGrams: null },
  ],
  address: null,
  events: [{ status: 'delivered', at: '2026-11-24T10:00:00.000Z' }],
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

const aReturn = (overrides: Partial<ReturnRequest> = {}): ReturnRequest => ({
  id: RETURN,
  orderId: ID,
  status: 'requested',
  awb: null,
  items: [{ orderItemId: ITEM_B, name: 'Silver anklet', quantity: 2 }],
  reason: 'damaged',
  note: '',
  photoUrls: [],
  sellerNote: '',
  refund: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...overrides,
});

function renderSheet(initial: OrderDetail, returns: ReturnRequest[], onPost: (url: string, init: RequestInit) => unknown = () => ({})) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return Response.json(onPost(url, init), { status: url === RETURNS_URL ? 201 : 200 });
    return Response.json(url === RETURNS_URL ? returns : initial);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<OrderDetailsSheet orderId={ID} open onOpenChange={() => {}} />, { seed: (qc) => qc.setQueryData([ORDERS_URL, ID], initial) });
  return fetchMock;
}

const posts = (fetchMock: ReturnType<typeof renderSheet>) => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('returns in the order details', () => {
  it('returns the chosen lines whole, with the reason and note, then shows the return', async () => {
    const fetchMock = renderSheet(order(), [], () => aReturn({ note: 'The clasp is broken' }));
    const details = await screen.findByRole('dialog', { name: 'Order #0000AA11' });
    fireEvent.click(await within(details).findByRole('button', { name: 'Return items' }));
    const sheet = await screen.findByRole('dialog', { name: 'Return items from order #0000AA11' });

    // Nothing chosen: the sheet says what is missing and sends nothing.
    fireEvent.click(within(sheet).getByRole('button', { name: 'Ask for a return' }));
    expect(await within(sheet).findByText('Choose at least one item')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Silver anklet/ }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Ask for a return' }));
    expect(await within(sheet).findByText('Choose a reason')).toBeTruthy();
    expect(posts(fetchMock)).toHaveLength(0);

    const reasons = within(sheet).getByRole('group', { name: 'Why are you returning it?' });
    expect(within(reasons).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Arrived damaged',
      'Wrong item sent',
      'Not as described',
      "Size doesn't fit",
      'Changed my mind',
    ]);
    fireEvent.click(within(reasons).getByRole('radio', { name: 'Arrived damaged' }));
    fireEvent.change(within(sheet).getByLabelText('Note for the seller (optional)'), { target: { value: '  The clasp is broken ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Ask for a return' }));

    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    const [url, init] = posts(fetchMock)[0]!;
    expect(url).toBe(RETURNS_URL);
    expect(JSON.parse(init!.body as string)).toEqual({ items: [{ orderItemId: ITEM_B, quantity: 2 }], reason: 'damaged', note: 'The clasp is broken', photoUrls: [] });
    const done = await within(sheet).findByRole('status');
    expect(within(done).getByText('Return requested', { selector: 'p' })).toBeTruthy();
    expect(within(done).getByText('Silver anklet × 2')).toBeTruthy();
  });

  it('returns some units of a line, and later offers only the units left', async () => {
    const fetchMock = renderSheet(order(), [], () => aReturn({ items: [{ orderItemId: ITEM_B, name: 'Silver anklet', quantity: 1 }] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Return items' }));
    const sheet = await screen.findByRole('dialog', { name: 'Return items from order #0000AA11' });
    expect(within(sheet).queryByRole('group', { name: 'How many of Silver anklet to return' })).toBeNull();
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Silver anklet/ }));
    const units = within(sheet).getByRole('group', { name: 'How many of Silver anklet to return' });
    expect(within(units).getByRole('button', { name: 'Increase quantity' })).toHaveProperty('disabled', true);
    fireEvent.click(within(units).getByRole('button', { name: 'Decrease quantity' }));
    expect(within(units).getByText('1')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('radio', { name: "Size doesn't fit" }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Ask for a return' }));
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1));
    expect(JSON.parse(posts(fetchMock)[0]![1]!.body as string)).toMatchObject({ items: [{ orderItemId: ITEM_B, quantity: 1 }], reason: 'size' });
  });

  it('after a return of one unit was refunded, offers the other one', async () => {
    const refund = { id: '00000000-0000-4000-8000-0000000000f9', amount: '799', status: 'processed', method: 'original', processedAt: null, orderItemId: ITEM_B, quantity: 1 } as const;
    const done = aReturn({ status: 'refunded', items: [{ orderItemId: ITEM_B, name: 'Silver anklet', quantity: 1 }], refund: { amount: '799', status: 'processed' } });
    renderSheet(order({ refunds: [refund], returnStatus: 'refunded' }), [done]);
    fireEvent.click(await screen.findByRole('button', { name: 'Return items' }));
    const sheet = await screen.findByRole('dialog', { name: 'Return items from order #0000AA11' });
    const anklet = within(sheet).getByRole('checkbox', { name: /Silver anklet/ }).closest('label')!;
    expect(anklet.textContent).toContain('× 1');
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Silver anklet/ }));
    expect(within(sheet).queryByRole('group', { name: 'How many of Silver anklet to return' })).toBeNull();
  });

  it('offers no return before delivery', async () => {
    renderSheet(order({ status: 'shipped' }), []);
    const shipped = await screen.findByRole('dialog');
    expect(within(shipped).queryByRole('button', { name: 'Return items' })).toBeNull();
  });

  it('shows a return under way with its steps, and no second Return items', async () => {
    renderSheet(order({ returnStatus: 'pickup_scheduled' }), [aReturn({ status: 'pickup_scheduled', awb: 'SIMR0001' })]);
    const sheet = await screen.findByRole('dialog');
    const card = await within(sheet).findByRole('article');
    expect(within(card).getByText('Arrived damaged')).toBeTruthy();
    expect(within(card).getByText('Silver anklet × 2')).toBeTruthy();
    const steps = within(card).getByRole('list', { name: 'Return progress' });
    expect(within(steps).getByText('Pickup booked').closest('li')!.getAttribute('aria-current')).toBe('step');
    expect(within(card).getByText('Tracking number: SIMR0001')).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: 'Return items' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Ask LiveMarket to review' })).toBeNull();
  });

  it.each([
    ['a refused damaged item', aReturn({ status: 'rejected', reason: 'damaged', sellerNote: 'Worn already' }), true],
    ['a refused wrong item', aReturn({ status: 'rejected', reason: 'wrong_item', sellerNote: 'It is the one ordered' }), true],
    ['a refused change of mind', aReturn({ status: 'rejected', reason: 'changed_mind', sellerNote: 'Past the window' }), false],
    ['a refused size', aReturn({ status: 'rejected', reason: 'size', sellerNote: 'Worn already' }), false],
    ['an approved damaged item', aReturn({ status: 'approved', reason: 'damaged' }), false],
    ['a damaged item already escalated', aReturn({ status: 'escalated', reason: 'damaged', sellerNote: 'Worn already' }), false],
  ])('offers LiveMarket review for %s: %s', async (_name, ret, offered) => {
    renderSheet(order({ returnStatus: ret.status }), [ret]);
    const card = await within(await screen.findByRole('dialog')).findByRole('article');
    expect(within(card).queryByRole('button', { name: 'Ask LiveMarket to review' }) !== null).toBe(offered);
    if (ret.sellerNote) expect(within(card).getByText(`Seller's note: ${ret.sellerNote}`)).toBeTruthy();
  });

  it('sends a refused return of a damaged item to LiveMarket', async () => {
    const refused = aReturn({ status: 'rejected', sellerNote: 'Worn already' });
    const fetchMock = renderSheet(order({ returnStatus: 'rejected' }), [refused], () => ({ ...refused, status: 'escalated' }));
    const card = await within(await screen.findByRole('dialog')).findByRole('article');
    fireEvent.click(within(card).getByRole('button', { name: 'Ask LiveMarket to review' }));
    await waitFor(() => expect(posts(fetchMock).map(([url]) => url)).toEqual([`/api/returns/${RETURN}/escalate`]));
  });

  it('shows the refund once the return is refunded', async () => {
    renderSheet(order({ returnStatus: 'refunded' }), [aReturn({ status: 'refunded', refund: { amount: '1598', status: 'processed' } })]);
    const card = await within(await screen.findByRole('dialog')).findByRole('article');
    expect(within(card).getByText('Refund: ₹1,598.00')).toBeTruthy();
    expect(within(card).getAllByText('Refunded').length).toBeGreaterThan(1);
  });
});
