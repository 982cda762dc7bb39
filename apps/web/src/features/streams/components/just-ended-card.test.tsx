import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpcomingStream } from '@live-market/contract/shows';
import { renderWithProviders } from '@/testing/render';
import { JUST_ENDED_FOR_MS, rememberJustEnded, readJustEnded, type JustEnded } from '../utils/just-ended';
import { JustEndedSlot } from './just-ended-slot';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const SELLER_ID = '00000000-0000-4000-8000-0000000000bb';
const NEXT_ID = '00000000-0000-4000-8000-0000000000ab';

const entry = (overrides: Partial<JustEnded> = {}): JustEnded => ({
  streamId: STREAM_ID,
  sellerId: SELLER_ID,
  storeName: 'Varanasi Weaves',
  title: 'Diwali silk sarees',
  thumbnailUrl: null,
  hasReplay: true,
  endedAt: Date.now(),
  ...overrides,
});

const nextShow: UpcomingStream = {
  id: NEXT_ID,
  sellerId: SELLER_ID,
  title: 'Kanjivaram for the wedding season',
  description: null,
  thumbnailUrl: null,
  isLive: false,
  viewerCount: 0,
  startedAt: null,
  endedAt: null,
  scheduledFor: new Date(Date.now() + 2 * 86_400_000).toISOString(),
  language: 'en',
  storeName: 'Varanasi Weaves',
  reminded: false,
  featuredProducts: [],
};

/** The store's upcoming shows, as GET /api/streams/upcoming?sellerId= answers. */
function stubUpcoming(shows: UpcomingStream[]) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(shows), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderSlot = () => renderWithProviders(<JustEndedSlot renderFollow={(sellerId) => <button type="button">Follow {sellerId}</button>} />);

// The card is a chunk of its own: loaded once here, so no test waits for the first load.
beforeAll(() => import('./just-ended-card'), 30_000);
beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("Home's 'Just ended' card", () => {
  it('leads with the replay and the store’s next announced show with Remind me', async () => {
    const fetchMock = stubUpcoming([nextShow]);
    rememberJustEnded(entry());
    renderSlot();
    expect(await screen.findByRole('heading', { name: 'Diwali silk sarees' })).toBeTruthy();
    expect(screen.getByText('Just ended')).toBeTruthy();
    expect(screen.getByText('by Varanasi Weaves')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Watch replay' }).getAttribute('href')).toBe(`/stream/${STREAM_ID}`);
    expect(await screen.findByText('Next from Varanasi Weaves')).toBeTruthy();
    expect(screen.getByRole('link', { name: nextShow.title }).getAttribute('href')).toBe(`/stream/${NEXT_ID}`);
    expect(screen.getByRole('button', { name: 'Remind me' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(`/api/streams/upcoming?sellerId=${SELLER_ID}`, expect.objectContaining({ method: 'GET' }));
  });

  it('says there is no replay when the show was not recorded, and offers Follow when nothing is announced', async () => {
    stubUpcoming([]);
    rememberJustEnded(entry({ hasReplay: false }));
    renderSlot();
    expect(await screen.findByText('This show was not recorded, so it has no replay.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Watch replay' })).toBeNull();
    expect(await screen.findByText('Varanasi Weaves has not announced its next show yet. Follow to hear when they go live.')).toBeTruthy();
    expect(screen.getByRole('button', { name: `Follow ${SELLER_ID}` })).toBeTruthy();
  });

  it('goes when hidden, and is forgotten in this tab', async () => {
    stubUpcoming([]);
    rememberJustEnded(entry());
    renderSlot();
    fireEvent.click(await screen.findByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Diwali silk sarees' })).toBeNull());
    expect(readJustEnded()).toBeNull();
  });

  it('is not shown for a show that ended more than 30 minutes ago, nor when nothing ended', () => {
    const fetchMock = stubUpcoming([]);
    rememberJustEnded(entry({ endedAt: Date.now() - JUST_ENDED_FOR_MS - 1000 }));
    const { container, unmount } = renderSlot();
    expect(container.textContent).toBe('');
    unmount();
    window.sessionStorage.clear();
    expect(renderSlot().container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
