import { describe, expect, it } from 'vitest';
import type { UpcomingStream } from '@live-market/contract/shows';
import type { LiveStream } from '@live-market/contract/streams';
import { makeEndedStream } from '@/testing/render';
import { applyListingToDetail, applyListingToLive, applyListingToUpcoming, type ListingUpdate } from './listing-updates';

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const SELLER = id(90);
const live = (n: number, startedAt: string): LiveStream => ({
  id: id(n),
  sellerId: SELLER,
  title: `Show ${n}`,
  description: null,
  thumbnailUrl: null,
  isLive: true,
  viewerCount: 7,
  startedAt,
  endedAt: null,
  scheduledFor: null,
  language: 'en',
});
const upcoming = (n: number, scheduledFor: string, sellerId = SELLER): UpcomingStream => ({
  ...live(n, ''),
  sellerId,
  isLive: false,
  startedAt: null,
  viewerCount: 0,
  scheduledFor,
  storeName: 'Varanasi Weaves',
  reminded: n % 2 === 0,
  featuredProducts: [],
});
const update = (u: Omit<ListingUpdate, 'type'>): ListingUpdate => ({ type: 'listing_update', ...u });

describe('a listing_update on the live list', () => {
  const list = [live(1, '2025-01-01T10:05:00.000Z'), live(2, '2025-01-01T10:00:00.000Z')];

  it('puts a show that went live first, as the server orders it (newest start first), once', () => {
    const started = live(3, '2025-01-01T10:10:00.000Z');
    const next = applyListingToLive(list, update({ streamId: started.id, status: 'live', stream: started }));
    expect(next?.map((s) => s.id)).toEqual([id(3), id(1), id(2)]);
    expect(applyListingToLive(next, update({ streamId: started.id, status: 'live', stream: started }))?.map((s) => s.id)).toEqual([id(3), id(1), id(2)]);
  });

  it('takes an ended show off, and leaves the list as it was when the show is not on it', () => {
    expect(applyListingToLive(list, update({ streamId: id(1), status: 'ended' }))?.map((s) => s.id)).toEqual([id(2)]);
    expect(applyListingToLive(list, update({ streamId: id(9), status: 'ended' }))).toBe(list);
    expect(applyListingToLive(list, update({ streamId: id(9), status: 'announced' }))).toBe(list);
    expect(applyListingToLive(undefined, update({ streamId: id(1), status: 'ended' }))).toBeUndefined();
  });
});

describe('a listing_update on an upcoming list', () => {
  const list = [upcoming(1, '2025-01-02T10:00:00.000Z'), upcoming(2, '2025-01-03T10:00:00.000Z')];

  it('adds an announced show in time order, with Remind me not yet pressed', () => {
    const show = upcoming(3, '2025-01-02T18:00:00.000Z');
    const next = applyListingToUpcoming(list, update({ streamId: show.id, status: 'announced', show: { ...show, reminded: false } }));
    expect(next?.map((s) => [s.id, s.reminded])).toEqual([
      [id(1), false],
      [id(3), false],
      [id(2), true],
    ]);
  });

  it("adds another store's show to the general list only, not to one store's list", () => {
    const show = upcoming(3, '2025-01-02T18:00:00.000Z', id(91));
    const announced = update({ streamId: show.id, status: 'announced', show });
    expect(applyListingToUpcoming(list, announced, { sellerId: SELLER })).toBe(list);
    expect(applyListingToUpcoming(list, announced, { sellerId: id(91) })).toHaveLength(3);
    expect(applyListingToUpcoming(list, announced)).toHaveLength(3);
  });

  it('adds a show to a list in one language only when it is in that language (issue 29)', () => {
    const show = { ...upcoming(3, '2025-01-02T18:00:00.000Z', id(91)), language: 'ta' as const };
    const announced = update({ streamId: show.id, status: 'announced', show });
    expect(applyListingToUpcoming(list, announced, { language: 'hi' })).toBe(list);
    expect(applyListingToUpcoming(list, announced, { language: 'ta' })).toHaveLength(3);
  });

  it('takes off a show that started or was cancelled', () => {
    expect(applyListingToUpcoming(list, update({ streamId: id(1), status: 'live', stream: live(1, '2025-01-02T10:01:00.000Z') }))?.map((s) => s.id)).toEqual([id(2)]);
    expect(applyListingToUpcoming(list, update({ streamId: id(2), status: 'cancelled' }))?.map((s) => s.id)).toEqual([id(1)]);
    expect(applyListingToUpcoming(list, update({ streamId: id(9), status: 'cancelled' }))).toBe(list);
  });
});

describe("a listing_update on a show's page", () => {
  const announced = makeEndedStream({ id: id(1), isLive: false, startedAt: null, endedAt: null, scheduledFor: '2025-01-02T10:00:00.000Z', reminded: true });

  it('turns an announced show live, keeping the rest of the page', () => {
    const next = applyListingToDetail(announced, update({ streamId: id(1), status: 'live', stream: live(1, '2025-01-02T10:01:00.000Z') }));
    expect(next).toMatchObject({ isLive: true, startedAt: '2025-01-02T10:01:00.000Z', viewerCount: 7, seller: announced.seller, scheduledFor: announced.scheduledFor });
    expect(next).not.toHaveProperty('reminded');
  });

  it('never turns an ended show live again, and ends a live one', () => {
    const ended = makeEndedStream({ id: id(1) });
    expect(applyListingToDetail(ended, update({ streamId: id(1), status: 'live', stream: live(1, '2025-01-02T10:01:00.000Z') }))).toBe(ended);
    const onAir = { ...ended, isLive: true, endedAt: null };
    expect(applyListingToDetail(onAir, update({ streamId: id(1), status: 'ended' }), () => new Date('2025-01-02T11:00:00.000Z'))).toMatchObject({
      isLive: false,
      endedAt: '2025-01-02T11:00:00.000Z',
    });
  });
});
