import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auction, Deal } from '@live-market/contract/selling';
import { renderWithProviders } from '@/testing/render';
import { makeAuction, makeDeal, ME, STREAM } from '../testing/fixtures';
import { resetServerClock } from '../utils/server-clock';
import { SellingOverlay } from './selling-overlay';

const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
const MINUTE = 60_000;

/** The overlay as the page holds it; `show` hands it the room's next deal and auction. */
function renderOverlay(first: { deal?: Deal | null; auction?: Auction | null }, isOwner = false) {
  let update: (next: { deal?: Deal | null; auction?: Auction | null }) => void = () => {};
  function Harness() {
    const [state, setState] = useState(first);
    update = setState;
    return <SellingOverlay deal={state.deal ?? null} auction={state.auction ?? null} streamId={STREAM} userId={ME} isOwner={isOwner} onGrabDeal={() => {}} />;
  }
  const view = renderWithProviders(<Harness />);
  return { ...view, show: (next: { deal?: Deal | null; auction?: Auction | null }) => act(() => update(next)) };
}

/** The auction this viewer led, as it ends: won at ₹1,250, to pay within 15 minutes. */
const wonAuction = () => makeAuction({ status: 'ended', leaderId: ME, leaderName: 'Asha', endsAt: new Date().toISOString(), payBy: new Date(Date.now() + 15 * MINUTE).toISOString() });

beforeEach(() => {
  resetServerClock();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('SellingOverlay', () => {
  it('keeps the winner’s “You won” with Pay now and the time left to pay until they close it, even once the next auction starts', () => {
    const overlay = renderOverlay({ auction: makeAuction({ leaderId: ME, leaderName: 'Asha' }) });
    overlay.show({ auction: wonAuction() });
    const won = screen.getByTestId('won-banner');
    expect(within(won).getByText(`You won it for ${inr(1250)}!`)).toBeTruthy();
    expect(within(won).getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe('/orders');
    expect(within(won).getByRole('timer').textContent).toBe('Pay within 15:00');

    // A minute on (it used to go after 20 s), and the seller has started the next auction.
    act(() => vi.advanceTimersByTime(MINUTE));
    overlay.show({ auction: makeAuction({ id: '00000000-0000-4000-8000-0000000000a2', productName: 'Jhumka earrings', leaderId: null, leaderName: null, highestBid: null }) });
    expect(screen.getByTestId('won-banner').textContent).toContain('Pay within 14:00');
    expect(screen.getByTestId('auction-card').textContent).toContain('Jhumka earrings');

    fireEvent.click(within(screen.getByTestId('won-banner')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('won-banner')).toBeNull();
    expect(screen.getByTestId('auction-card')).toBeTruthy();
  });

  it('takes the win away when the time to pay has run out (it passes to the next bidder)', () => {
    const overlay = renderOverlay({ auction: makeAuction({ leaderId: ME, leaderName: 'Asha' }) });
    overlay.show({ auction: wonAuction() });
    act(() => vi.advanceTimersByTime(14 * MINUTE));
    expect(screen.getByTestId('won-banner')).toBeTruthy();
    act(() => vi.advanceTimersByTime(MINUTE + 1000));
    expect(screen.queryByTestId('won-banner')).toBeNull();
  });

  it('shows the seller who won until they close it', () => {
    const overlay = renderOverlay({ auction: makeAuction() }, true);
    overlay.show({ auction: makeAuction({ status: 'ended' }) });
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    const card = screen.getByTestId('auction-card');
    expect(within(card).getByText(`Sold to Rahul for ${inr(1250)}`)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('auction-card')).toBeNull();
  });

  it('keeps the seller’s result when the room no longer names the ended auction (a refetch after 30 s answers none)', () => {
    const overlay = renderOverlay({ auction: makeAuction() }, true);
    overlay.show({ auction: makeAuction({ status: 'ended' }) });
    overlay.show({ auction: null });
    expect(within(screen.getByTestId('auction-card')).getByText(`Sold to Rahul for ${inr(1250)}`)).toBeTruthy();
  });

  it('takes a running auction away when the room no longer has it (cancelled)', () => {
    const overlay = renderOverlay({ auction: makeAuction() }, true);
    overlay.show({ auction: null });
    expect(screen.queryByTestId('auction-card')).toBeNull();
  });

  it('another viewer sees the result for a moment', () => {
    const overlay = renderOverlay({ auction: makeAuction() });
    overlay.show({ auction: makeAuction({ status: 'ended' }) });
    expect(screen.getByText(`Sold to Rahul for ${inr(1250)}`)).toBeTruthy();
    act(() => vi.advanceTimersByTime(8000));
    expect(screen.queryByTestId('auction-card')).toBeNull();
  });

  it('marks the stack while a deal or an auction runs (on a phone it takes the featured card’s place), not for a win alone', () => {
    const overlay = renderOverlay({ deal: makeDeal(), auction: makeAuction({ leaderId: ME, leaderName: 'Asha' }) });
    const stack = () => screen.getByTestId('deal-banner').parentElement!;
    expect(stack().hasAttribute('data-selling')).toBe(true);
    overlay.show({ deal: null, auction: wonAuction() });
    expect(screen.getByTestId('won-banner').parentElement!.hasAttribute('data-selling')).toBe(false);
  });
});
