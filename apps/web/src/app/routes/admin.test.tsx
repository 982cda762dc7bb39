import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOverview, AdminReport, AdminReturn, AdminTicket, AdminUser, AdminVerification, AuditEntry, RefundApproval } from '@live-market/contract/admin';
import { AppRouter } from '../router';
import { findToast, makeUser, renderWithProviders } from '@/testing/render';

// Issue 28, item 5: the operator console at /admin, against the contract's answers.
const HOUR = 3_600_000;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const overview: AdminOverview = { verifications: 1, reports: 1, returns: 0, tickets: 2, refundApprovals: 1, liveStreams: 0 };
const verification: AdminVerification = { id: uuid(1), sellerId: uuid(2), storeName: 'Asha Jewels', panNumber: 'ABCDE1234F', gstNumber: '29ABCDE1234F1Z5', businessPhone: '+91 98765 43210', createdAt: '2026-11-20T10:00:00.000Z', };
const report: AdminReport = { messageId: uuid(3), streamId: uuid(4), sellerId: uuid(2), storeName: 'Asha Jewels', authorId: uuid(5), authorName: 'Spammer', message: 'Buy cheap followers at example.com', reports: 4, createdAt: '2026-11-20T10:00:00.000Z', };
const now = Date.now();
const ticket = (n: number, createdHoursAgo: number, status: AdminTicket['status'] = 'open'): AdminTicket => ({
  id: uuid(10 + n),
  ticketNumber: `LM-00004${n}`,
  category: 'delivery',
  status,
  userName: 'Farida',
  orderId: null,
  createdAt: new Date(now - createdHoursAgo * HOUR).toISOString(),
  acknowledgeBy: new Date(now - createdHoursAgo * HOUR + 48 * HOUR).toISOString(),
  resolveBy: new Date(now - createdHoursAgo * HOUR + 30 * 24 * HOUR).toISOString(),
  messages: [{ from: 'user', body: `The parcel has not moved (${n}).`, at: new Date(now - createdHoursAgo * HOUR).toISOString() }],
});
const person: AdminUser = {
  id: uuid(20),
  name: 'Ravi Kumar',
  phone: '+91 70000 12345',
  sellerId: uuid(21),
  storeName: 'Ravi Silks',
  suspended: null,
  payoutsHeld: null,
  isOperator: false,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const approval: RefundApproval = {
  id: uuid(30),
  orderId: uuid(31),
  orderRef: 'AB12CD34',
  amount: '24999.00',
  reason: 'Parcel lost by the courier',
  requestedBy: 'Asha Verma',
  requestedById: uuid(1000),
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const auditEntry = (n: number): AuditEntry => ({
  id: uuid(40 + n),
  operatorId: uuid(1000),
  operatorName: 'Asha Verma',
  action: n === 1 ? 'user_suspended' : 'ticket_answered',
  targetType: n === 1 ? 'user' : 'ticket',
  targetId: uuid(50 + n),
  reason: n === 1 ? 'Fraudulent orders' : 'Answered the buyer',
  details: {},
  at: '2026-11-20T10:00:00.000Z',
});

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A stand-in for /api/admin/*: each "METHOD url" answers as given; anything else is a 404. */
function stub(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const handler = routes[`${init?.method ?? 'GET'} ${url}`];
    return handler ? handler(init) : Response.json({ message: 'Not Found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls: (method: string, url: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method),
    body: (method: string, url: string) => JSON.parse(fetchMock.mock.calls.findLast(([u, init]) => u === url && init?.method === method)![1]!.body as string) as unknown,
  };
}

const base = {
  'GET /api/admin/overview': () => Response.json(overview),
  'GET /api/admin/verifications': () => Response.json([verification]),
};

const operator = makeUser({ firstName: 'Asha', isOperator: true });

function openAdmin() {
  return renderWithProviders(<AppRouter />, { user: operator, path: '/admin' });
}

async function openSection(name: RegExp) {
  fireEvent.click(await screen.findByRole('tab', { name }));
}

afterEach(() => vi.unstubAllGlobals());

describe('/admin', () => {
  it('tells a signed-in person who is not an operator that the page is for operators (the server’s 403)', async () => {
    const { calls } = stub({ 'GET /api/admin/overview': () => Response.json({ message: 'Forbidden' }, { status: 403 }) });
    renderWithProviders(<AppRouter />, { user: makeUser(), path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'This page is for LiveMarket operators' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    // No queue is asked for once the server said no.
    expect(calls('GET', '/api/admin/verifications')).toHaveLength(0);
  });

  it('shows each queue’s length on its tab, and approves a store with the level chosen', async () => {
    const api = stub({ ...base, [`POST /api/admin/verifications/${verification.id}/approve`]: () => Response.json({ ok: true }) });
    openAdmin();
    const tabs = await screen.findByRole('tablist', { name: 'Console sections' });
    expect(within(tabs).getByRole('tab', { name: /Verification\s*1/ }).getAttribute('aria-selected')).toBe('true');
    expect(within(tabs).getByRole('tab', { name: /Tickets\s*2/ })).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: /Refunds\s*1/ })).toBeTruthy();
    const card = await screen.findByLabelText('Asha Jewels');
    expect(within(card).getByText('ABCDE1234F')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const sheet = await screen.findByRole('dialog', { name: 'Verify Asha Jewels' });
    fireEvent.click(within(sheet).getByRole('radio', { name: /Gold/ }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls('POST', `/api/admin/verifications/${verification.id}/approve`)).toHaveLength(1));
    expect(api.body('POST', `/api/admin/verifications/${verification.id}/approve`)).toEqual({ level: 'gold' });
    expect(await findToast('Store verified: Gold')).toBeTruthy();
    // The queue and its count are asked again.
    await waitFor(() => expect(api.calls('GET', '/api/admin/verifications').length).toBeGreaterThan(1));
    expect(api.calls('GET', '/api/admin/overview').length).toBeGreaterThan(1);
  });

  it('asks why before removing a reported message, and sends the reason', async () => {
    const url = `/api/admin/reports/${report.messageId}/resolve`;
    const api = stub({ ...base, 'GET /api/admin/reports': () => Response.json([report]), [`POST ${url}`]: () => Response.json({ ok: true }) });
    openAdmin();
    await openSection(/Reports/);
    const card = await screen.findByLabelText('Message by Spammer');
    expect(within(card).getByText('Reports: 4')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Remove message' }));
    const sheet = await screen.findByRole('dialog', { name: 'Remove this message from the chat?' });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Remove message' }));
    expect(await within(sheet).findByText('Say why (at least 3 characters)')).toBeTruthy();
    expect(api.calls('POST', url)).toHaveLength(0);
    fireEvent.change(within(sheet).getByLabelText('Why? (kept in the audit log)'), { target: { value: '  Spam link  ' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Remove message' }));
    await waitFor(() => expect(api.calls('POST', url)).toHaveLength(1));
    expect(api.body('POST', url)).toEqual({ action: 'remove', reason: 'Spam link' });
    await waitFor(() => expect(api.calls('GET', '/api/admin/reports').length).toBeGreaterThan(1));
  });

  it('shows an escalated return with its photos, and refunds it with a reason', async () => {
    const ret: AdminReturn = {
      id: uuid(60),
      orderId: uuid(61),
      storeName: 'Ravi Silks',
      buyerName: 'Farida',
      items: [{ name: 'Silk saree', quantity: 1 }],
      reason: 'damaged',
      note: 'Torn at the border',
      sellerNote: 'It left us whole',
      photoUrls: ['/uploads/returns/a1.webp', '/uploads/returns/a2.webp'],
      amount: '2499.00',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const url = `/api/admin/returns/${ret.id}/decide`;
    const api = stub({ ...base, 'GET /api/admin/returns': () => Response.json([ret]), [`POST ${url}`]: () => Response.json({ ok: true }) });
    openAdmin();
    await openSection(/Returns/);
    const card = await screen.findByLabelText(/^Return for order #/);
    expect(within(card).getByText('Reason: Arrived damaged')).toBeTruthy();
    expect(within(card).getByText('Store: It left us whole')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Photo 2' }).getAttribute('src')).toBe('/uploads/returns/a2.webp');
    fireEvent.click(within(card).getByRole('button', { name: 'Refund buyer' }));
    const sheet = await screen.findByRole('dialog', { name: 'Refund ₹2,499.00 to the buyer?' });
    fireEvent.change(within(sheet).getByLabelText('Why? (kept in the audit log)'), { target: { value: 'Photos show the tear' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Refund buyer' }));
    await waitFor(() => expect(api.calls('POST', url)).toHaveLength(1));
    expect(api.body('POST', url)).toEqual({ decision: 'refund', reason: 'Photos show the tear' });
  });

  it('shows a ticket’s clocks as time left or overdue, filters by status and answers it', async () => {
    const late = ticket(1, 50);
    const fresh = ticket(2, 1.5);
    const url = `/api/admin/tickets/${fresh.id}/answer`;
    const api = stub({
      ...base,
      'GET /api/admin/tickets?status=open': () => Response.json([late, fresh]),
      'GET /api/admin/tickets?status=resolved': () => Response.json([]),
      [`POST ${url}`]: () => Response.json({ ok: true }),
    });
    openAdmin();
    await openSection(/Tickets/);
    const overdue = await screen.findByLabelText('Request LM-000041');
    expect(within(overdue).getByText('Reply overdue by 2 hours')).toBeTruthy();
    expect(within(overdue).getByText(/^Resolve: 27 days left$/)).toBeTruthy();
    const card = screen.getByLabelText('Request LM-000042');
    expect(within(card).getByText('Reply: 46 hours left')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Answer' }));
    const sheet = await screen.findByRole('dialog', { name: 'Answer LM-000042' });
    fireEvent.change(within(sheet).getByLabelText('Your answer'), { target: { value: 'The courier picks it up today.' } });
    fireEvent.click(within(sheet).getByRole('checkbox', { name: /Mark as resolved/ }));
    fireEvent.click(within(sheet).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(api.calls('POST', url)).toHaveLength(1));
    expect(api.body('POST', url)).toEqual({ message: 'The courier picks it up today.', resolve: true });
    expect(await findToast('Answer sent; LM-000042 resolved')).toBeTruthy();
    await waitFor(() => expect(api.calls('GET', '/api/admin/tickets?status=open').length).toBeGreaterThan(1));

    fireEvent.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText('No tickets here.')).toBeTruthy();
  });

  it('finds a person and suspends them with a reason; the server’s refusal is shown', async () => {
    const url = `/api/admin/users/${person.id}/suspend`;
    let refuse = true;
    const api = stub({
      ...base,
      'GET /api/admin/users?q=12345': () => Response.json([person]),
      [`POST ${url}`]: () =>
        refuse ? Response.json({ message: 'Operators cannot suspend each other' }, { status: 409 }) : Response.json({ ...person, suspended: { reason: 'Fraud', at: '2026-11-21T10:00:00.000Z' } }),
    });
    openAdmin();
    await openSection(/People/);
    fireEvent.change(screen.getByLabelText('Find a person'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Type at least 2 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find a person'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const card = await screen.findByLabelText('Ravi Kumar');
    expect(within(card).getByRole('button', { name: 'Hold payouts' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Suspend' }));
    const sheet = await screen.findByRole('dialog', { name: 'Suspend Ravi Kumar?' });
    fireEvent.change(within(sheet).getByLabelText('Why? (kept in the audit log)'), { target: { value: 'Fraudulent orders' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Suspend' }));
    // The server's words, in the sheet, which stays open with the reason to try again.
    expect((await within(sheet).findByRole('alert')).textContent).toContain('Operators cannot suspend each other');
    expect((within(sheet).getByLabelText('Why? (kept in the audit log)') as HTMLTextAreaElement).value).toBe('Fraudulent orders');
    refuse = false;
    fireEvent.click(within(sheet).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(api.calls('POST', url)).toHaveLength(2));
    expect(api.body('POST', url)).toEqual({ reason: 'Fraudulent orders' });
    expect(await findToast('Ravi Kumar is suspended')).toBeTruthy();
    await waitFor(() => expect(api.calls('GET', '/api/admin/users?q=12345').length).toBeGreaterThan(1));
  });

  it('refunds an order above the limit as a request for a second operator, and shows the 409 when approving one’s own', async () => {
    const order = uuid(31);
    const api = stub({
      ...base,
      [`GET /api/admin/orders/${order}`]: () =>
        Response.json({ id: order, ref: 'AB12CD34', status: 'delivered', paymentStatus: 'paid', buyerName: 'Farida', storeName: 'Ravi Silks', total: '24999.00', refundable: '24999.00', createdAt: '2026-11-01T10:00:00.000Z' }),
      [`POST /api/admin/orders/${order}/refund`]: () => Response.json({ status: 'awaiting_approval', amount: '24999.00', approvalId: approval.id }),
      'GET /api/admin/refund-approvals': () => Response.json([approval]),
      [`POST /api/admin/refund-approvals/${approval.id}/approve`]: () => Response.json({ message: 'A second operator must approve a refund you asked for' }, { status: 409 }),
    });
    openAdmin();
    await openSection(/Refunds/);
    fireEvent.change(screen.getByLabelText('Order id'), { target: { value: 'AB12CD34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
    expect(await screen.findByText('That is not a full order id')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Order id'), { target: { value: order.toUpperCase() } });
    fireEvent.click(screen.getByRole('button', { name: 'Find order' }));
    const card = await screen.findByLabelText('Order #AB12CD34');
    fireEvent.click(within(card).getByRole('button', { name: /^Refund ₹24,999\.00$/ }));
    const sheet = await screen.findByRole('dialog', { name: /^Refund ₹24,999\.00 on order #AB12CD34\?$/ });
    fireEvent.change(within(sheet).getByLabelText('Why? (kept in the audit log)'), { target: { value: 'Parcel lost by the courier' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(/a second operator must approve it/)).toBeTruthy();
    expect(api.body('POST', `/api/admin/orders/${order}/refund`)).toEqual({ reason: 'Parcel lost by the courier' });

    const waiting = await screen.findByLabelText('Refund on order #AB12CD34');
    fireEvent.click(within(waiting).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: /^Approve the refund/ });
    fireEvent.change(within(confirm).getByLabelText('Why? (kept in the audit log)'), { target: { value: 'Courier confirmed the loss' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect((await within(confirm).findByRole('alert')).textContent).toContain('A second operator must approve a refund you asked for');
  });

  it('reads the audit log a page at a time', async () => {
    const api = stub({
      ...base,
      'GET /api/admin/audit': () => Response.json({ entries: [{ ...auditEntry(1), details: { sessions: 2, amount: '400.00' } }], nextCursor: 'c1' }),
      'GET /api/admin/audit?cursor=c1': () => Response.json({ entries: [auditEntry(2)], nextCursor: null }),
    });
    openAdmin();
    await openSection(/Audit log/);
    const first = await screen.findByLabelText('Account suspended');
    expect(within(first).getByText('Fraudulent orders')).toBeTruthy();
    expect(within(first).getByText(/by Asha Verma/)).toBeTruthy();
    expect([within(first).getByText('Sessions ended').nextSibling?.textContent, within(first).getByText('Amount').nextSibling?.textContent]).toEqual(['2', '₹400.00']);
    fireEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByLabelText('Ticket answered')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(api.calls('GET', '/api/admin/audit?cursor=c1')).toHaveLength(1);
  });
});
