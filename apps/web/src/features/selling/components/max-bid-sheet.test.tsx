import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auction } from '@live-market/contract/selling';
import { renderWithProviders } from '@/testing/render';
import { makeAuction, ME, STREAM } from '../testing/fixtures';
import { resetServerClock } from '../utils/server-clock';
import { MaxBidSheet } from './max-bid-sheet';

const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
const field = () => screen.getByLabelText('Your maximum (₹)') as HTMLInputElement;

function renderSheet(first: Auction) {
  let update: (auction: Auction) => void = () => {};
  function Harness() {
    const [auction, setAuction] = useState(first);
    update = setAuction;
    return <MaxBidSheet auction={auction} streamId={STREAM} userId={ME} open onOpenChange={() => {}} />;
  }
  renderWithProviders(<Harness />);
  return { show: (auction: Auction) => act(() => update(auction)) };
}

beforeEach(() => resetServerClock());
afterEach(() => vi.unstubAllGlobals());

// Issue 25: the leader's own bid is their maximum too (₹1,250); the sheet opened on it, under the
// 'At least ₹1,300' printed below the field.
describe('MaxBidSheet', () => {
  it('opens at the next valid bid, never below the minimum it states', () => {
    renderSheet(makeAuction({ leaderId: ME, leaderName: 'Asha', viewer: { maxAmount: '1250.00' } }));
    expect(screen.getByText(`At least ${inr(1300)}. You pay only what it takes to lead.`)).toBeTruthy();
    expect(field().value).toBe('1300');
  });

  it('opens at a standing maximum above it', () => {
    renderSheet(makeAuction({ leaderId: ME, leaderName: 'Asha', viewer: { maxAmount: '2000.00' } }));
    expect(field().value).toBe('2000');
  });

  it('follows the minimum up while the viewer has not typed, and keeps what they typed', () => {
    const sheet = renderSheet(makeAuction());
    expect(field().value).toBe('1300');
    sheet.show(makeAuction({ highestBid: '1350.00', nextBid: '1400.00' }));
    expect(field().value).toBe('1400');
    fireEvent.change(field(), { target: { value: '5000' } });
    sheet.show(makeAuction({ highestBid: '1400.00', nextBid: '1450.00' }));
    expect(field().value).toBe('5000');
  });

  it('refuses a maximum below the next valid bid and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSheet(makeAuction());
    fireEvent.change(field(), { target: { value: '1299' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place max bid' }));
    expect(screen.getByRole('alert').textContent).toBe(`Enter at least ${inr(1300)}`);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
