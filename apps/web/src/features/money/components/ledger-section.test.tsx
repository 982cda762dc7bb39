import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerLine, SellerLedger } from '@live-market/contract/money';
import { renderWithProviders } from '@/testing/render';
import { recentMonths } from '../utils/months';
import { LedgerSection } from './ledger-section';

const ORDER = '00000000-0000-4000-8000-00000abcdef1';
const line = (id: string, type: LedgerLine['type'], amount: string, note: string, createdAt = '2026-11-28T10:00:00.000Z'): LedgerLine => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  type,
  amount,
  orderId: ORDER,
  createdAt,
  note,
});
const balance = { pending: '799', onHold: '0', available: '0', paidOut: '0' };
const FIRST: SellerLedger = {
  balance,
  lines: [line('01', 'commission', '-39.95', 'Commission 5% on ₹799'), line('02', 'sale', '799', 'Kundan jhumka × 1')],
  nextCursor: '2026-11-28T10:00:00.000Z_00000000-0000-4000-8000-000000000002',
};
const SECOND: SellerLedger = { balance, lines: [line('03', 'commission_gst', '-7.19', '18% GST on commission', '2026-11-27T10:00:00.000Z')], nextCursor: null };

function renderLedger(answer: (url: URL) => SellerLedger = (url) => (url.searchParams.get('cursor') ? SECOND : FIRST)) {
  const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(answer(new URL(url, 'http://localhost')))));
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<LedgerSection />);
  const requested = () => fetchMock.mock.calls.map(([url]) => new URL(url, 'http://localhost'));
  return { fetchMock, requested };
}

afterEach(() => vi.unstubAllGlobals());

describe('LedgerSection', () => {
  it('shows each line with its type in words, a negative amount as negative, the note and the order', async () => {
    renderLedger();
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const [commission, sale] = within(list).getAllByRole('listitem');
    expect(within(commission!).getByText('Commission')).toBeTruthy();
    expect(within(commission!).getByText('-₹39.95').className).toContain('text-destructive');
    expect(within(commission!).getByText('Commission 5% on ₹799')).toBeTruthy();
    expect(within(commission!).getByText(/Order #0ABCDEF1/)).toBeTruthy();
    expect(within(sale!).getByText('Sale')).toBeTruthy();
    expect(within(sale!).getByText('+₹799.00')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Pending' })).getByText('₹799.00')).toBeTruthy();
  });

  it('loads the next page by its cursor and adds it below', async () => {
    const { requested } = renderLedger();
    await screen.findByRole('list', { name: 'Transactions' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('GST on commission', { selector: 'p' })).toBeTruthy();
    expect(requested().at(-1)?.searchParams.get('cursor')).toBe(FIRST.nextCursor);
    expect(within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks again for one type, or one month, when a filter is chosen', async () => {
    const { requested } = renderLedger();
    await screen.findByRole('list', { name: 'Transactions' });
    const chips = screen.getByRole('group', { name: 'Type of transaction' });
    fireEvent.click(within(chips).getByRole('button', { name: 'TDS' }));
    await waitFor(() => expect(requested().at(-1)?.searchParams.get('type')).toBe('tds'));
    expect(within(chips).getByRole('button', { name: 'TDS' }).getAttribute('aria-pressed')).toBe('true');

    const month = recentMonths(new Date(), 2)[1]!;
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: month } });
    await waitFor(() => expect(requested().at(-1)?.searchParams.get('from')).toBe(`${month}-01`));
    expect(requested().at(-1)?.searchParams.get('to')).toMatch(new RegExp(`^${month}-(28|29|30|31)$`));
    expect(requested().at(-1)?.searchParams.get('type')).toBe('tds');
  });

  it('says when nothing matches the filters', async () => {
    renderLedger((url) => (url.searchParams.get('type') ? { balance, lines: [], nextCursor: null } : FIRST));
    await screen.findByRole('list', { name: 'Transactions' });
    fireEvent.click(within(screen.getByRole('group', { name: 'Type of transaction' })).getByRole('button', { name: 'Payout' }));
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();
  });
});
