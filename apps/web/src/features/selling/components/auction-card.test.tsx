import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auction } from '@live-market/contract/selling';
import { renderWithProviders } from '@/testing/render';
import { sellingKeys } from '../api/keys';
import { makeAuction, ME, STREAM } from '../testing/fixtures';
import { resetServerClock } from '../utils/server-clock';
import { AuctionCard } from './auction-card';
import { SellingLayer } from './selling-layer';

const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'POST' ? new Response(JSON.stringify(body), { status }) : new Response(JSON.stringify(null), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const postedBid = (fetchMock: ReturnType<typeof stubFetch>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return call ? { url: call[0], body: JSON.parse(String(call[1]!.body)) as Record<string, unknown> } : null;
};

/** Renders the card with the app's providers; `show` hands it the next state of the auction, as the room would. */
function renderCard(first: Auction, isOwner = false) {
  let update: (auction: Auction) => void = () => {};
  function Harness() {
    const [auction, setAuction] = useState(first);
    update = setAuction;
    return <AuctionCard auction={auction} isOwner={isOwner} streamId={STREAM} userId={ME} onDone={() => {}} />;
  }
  renderWithProviders(<Harness />);
  return { show: (auction: Auction) => act(() => update(auction)) };
}

beforeEach(() => resetServerClock());
afterEach(() => vi.unstubAllGlobals());

describe('AuctionCard', () => {
  it("shows the current bid, the leader and the countdown; 'Bid ₹N' bids the next valid amount in one tap and the viewer then leads", async () => {
    const leading = makeAuction({ highestBid: '1300.00', leaderName: 'Asha', leaderId: ME, nextBid: '1350.00' });
    const fetchMock = stubFetch(201, leading);
    renderWithProviders(<SellingLayer streamId={STREAM} userId={ME} isOwner={false} enabled onGrabDeal={() => {}} />, {
      seed: (qc) => {
        qc.setQueryData(sellingKeys.activeDeal(STREAM), null);
        qc.setQueryData(sellingKeys.activeAuction(STREAM), makeAuction());
      },
    });
    const card = await screen.findByRole('region', { name: 'Live auction' });
    expect(within(card).getByText(inr(1250))).toBeTruthy();
    expect(within(card).getByText('Rahul leads')).toBeTruthy();
    expect(within(card).getByRole('timer').textContent).toMatch(/^0:2[45]$/);
    fireEvent.click(within(card).getByRole('button', { name: `Bid ${inr(1300)}` }));
    expect(await within(card).findByText("You're leading")).toBeTruthy();
    const bid = postedBid(fetchMock);
    expect(bid?.url).toBe('/api/auctions/00000000-0000-4000-8000-0000000000a1/bids');
    expect(bid?.body).toMatchObject({ amount: '1300.00' });
    expect(typeof bid?.body.idempotencyKey).toBe('string');
    // Nobody bids against themselves: the leader's one-tap bid waits; Max bid can still raise their maximum.
    expect((within(card).getByRole('button', { name: `Bid ${inr(1350)}` }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's message when a bid is refused (409)", async () => {
    const message = 'Someone bid ₹1,300 first. The next bid is ₹1,350.';
    stubFetch(409, { message });
    renderCard(makeAuction());
    fireEvent.click(screen.getByRole('button', { name: `Bid ${inr(1300)}` }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('says when the viewer, who led, has been outbid', () => {
    const card = renderCard(makeAuction({ leaderId: ME, leaderName: 'Asha' }));
    expect(screen.getByText("You're leading")).toBeTruthy();
    card.show(makeAuction({ highestBid: '1300.00', nextBid: '1350.00' }));
    expect(screen.getByText('Rahul outbid you')).toBeTruthy();
  });

  it("shows 'Sold to {name} for ₹N' and 'No bids'; only the seller can close it", () => {
    const card = renderCard(makeAuction({ status: 'ended' }));
    expect(screen.getByText(`Sold to Rahul for ${inr(1250)}`)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    card.show(makeAuction({ status: 'ended', highestBid: null, leaderName: null, leaderId: null }));
    expect(screen.getByText('No bids')).toBeTruthy();
    renderCard(makeAuction({ status: 'ended' }), true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('gives the owner Cancel auction while nobody has bid, and not after', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const open = makeAuction({ highestBid: null, leaderName: null, leaderId: null, nextBid: '500.00', bids: [] });
    const card = renderCard(open, true);
    expect(screen.getByText('No bids yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Bid / })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel auction' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auctions/00000000-0000-4000-8000-0000000000a1', expect.objectContaining({ method: 'DELETE' })));
    card.show(makeAuction());
    expect(screen.queryByRole('button', { name: 'Cancel auction' })).toBeNull();
    expect(screen.getByText('Rahul leads')).toBeTruthy();
  });
});
