import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { getActiveDealQueryOptions } from '../api/get-active-deal';
import { sellingKeys } from '../api/keys';
import { makeDeal, STREAM } from '../testing/fixtures';
import { noteServerTime, resetServerClock } from '../utils/server-clock';
import { DealBanner } from './deal-banner';

const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
const timer = () => screen.getByRole('timer');

/** The banner as the page shows it: from the cached deal, which its own calls update. */
function CachedBanner() {
  const { data: deal } = useQuery(getActiveDealQueryOptions(STREAM));
  return deal ? <DealBanner deal={deal} isOwner={false} streamId={STREAM} onGrab={() => {}} onDone={() => {}} /> : null;
}

beforeEach(() => resetServerClock());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DealBanner', () => {
  it('shows the deal price, the ₹ saved and the units left; Grab deal asks for checkout within the per-buyer limit', () => {
    const onGrab = vi.fn();
    const deal = makeDeal({ viewer: { bought: 1, waitlisted: false, holdUntil: null } });
    renderWithProviders(<DealBanner deal={deal} isOwner={false} streamId={STREAM} onGrab={onGrab} onDone={() => {}} />);
    const banner = screen.getByRole('region', { name: 'Flash deal' });
    expect(within(banner).getByText(inr(799))).toBeTruthy();
    expect(within(banner).getByText(`Save ${inr(500)}`)).toBeTruthy();
    expect(within(banner).getByText('12 left')).toBeTruthy();
    expect(within(banner).getByText('Ilkal saree')).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Grab deal' }));
    // Two per buyer, one already bought.
    expect(onGrab).toHaveBeenCalledWith(deal, 1);
  });

  it("sold out: says 'Sold out' and offers 'Join waitlist', then the viewer's place on it", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ position: 3 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CachedBanner />, { seed: (qc) => qc.setQueryData(sellingKeys.activeDeal(STREAM), makeDeal({ unitsLeft: 0 })) });
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Grab deal' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('#3 on the waitlist')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/deals/00000000-0000-4000-8000-0000000000d1/waitlist', expect.objectContaining({ method: 'POST' }));
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).toBeNull();
  });

  it('shows a waitlisted viewer their place instead of the button', () => {
    renderWithProviders(
      <DealBanner deal={makeDeal({ unitsLeft: 0, viewer: { bought: 0, waitlisted: true, holdUntil: null } })} isOwner={false} streamId={STREAM} onGrab={() => {}} onDone={() => {}} />,
    );
    expect(screen.getByText("You're on the waitlist")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join waitlist' })).toBeNull();
  });

  it("counts down from endsAt on the server's clock, not the phone's", () => {
    vi.useFakeTimers();
    // The phone's clock is 60 s behind the server's; the deal ends 42 s from the server's now.
    const serverNow = Date.now() + 60_000;
    noteServerTime(new Date(serverNow).toISOString());
    const deal = makeDeal({ serverNow: new Date(serverNow).toISOString(), endsAt: new Date(serverNow + 42_000).toISOString() });
    renderWithProviders(<DealBanner deal={deal} isOwner={false} streamId={STREAM} onGrab={() => {}} onDone={() => {}} />);
    expect(timer().textContent).toBe('0:42');
    expect(timer().getAttribute('aria-label')).toBe('Ends in 0:42');
    act(() => vi.advanceTimersByTime(5000));
    expect(timer().textContent).toBe('0:37');
  });

  it('says when a released unit is held for the viewer, with its own countdown, and Grab deal buys that one', () => {
    const onGrab = vi.fn();
    const deal = makeDeal({ unitsLeft: 0, viewer: { bought: 0, waitlisted: true, holdUntil: new Date(Date.now() + 95_000).toISOString() } });
    renderWithProviders(<DealBanner deal={deal} isOwner={false} streamId={STREAM} onGrab={onGrab} onDone={() => {}} />);
    expect(screen.getByText('A unit is held for you')).toBeTruthy();
    expect(timer().textContent).toBe('1:35');
    fireEvent.click(screen.getByRole('button', { name: 'Grab deal' }));
    expect(onGrab).toHaveBeenCalledWith(deal, 1);
  });

  it('says the deal ended, then lets go', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    renderWithProviders(<DealBanner deal={makeDeal({ isActive: false })} isOwner={false} streamId={STREAM} onGrab={() => {}} onDone={onDone} />);
    expect(screen.getByText(/Deal ended/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    expect(onDone).toHaveBeenCalled();
  });

  it('shows the owner the units left of the total and End deal', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(makeDeal({ isActive: false })), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<DealBanner deal={makeDeal()} isOwner streamId={STREAM} onGrab={() => {}} onDone={() => {}} />);
    expect(screen.getByRole('region', { name: 'Flash deal' }).textContent).toContain('12 of 20 left');
    expect(screen.queryByRole('button', { name: 'Grab deal' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'End deal' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/api/deals/00000000-0000-4000-8000-0000000000d1', expect.objectContaining({ method: 'PATCH', body: JSON.stringify({ isActive: false }) }));
  });
});
