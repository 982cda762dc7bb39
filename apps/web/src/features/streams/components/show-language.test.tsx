import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStream } from '@live-market/contract/streams';
import { changeLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { SHOW_LANGUAGE_STORAGE_KEY, setShowLanguage } from '../hooks/use-show-language';
import { LiveNowSection } from './live-now-section';
import { LiveStreamsList } from './live-streams-list';
import { StreamsFilterButton } from './streams-filter';
import { UpcomingSection } from './upcoming-section';

const live = (n: number, title: string, language: LiveStream['language']): LiveStream => ({
  id: `00000000-0000-4000-8000-0000000000a${n}`,
  sellerId: `00000000-0000-4000-8000-0000000000b${n}`,
  title,
  description: null,
  thumbnailUrl: null,
  isLive: true,
  viewerCount: 10,
  startedAt: new Date().toISOString(),
  endedAt: null,
  scheduledFor: null,
  language,
});
const STREAMS = [live(1, 'Kundan sets', 'hi'), live(2, 'Kanchipuram silks', 'ta'), live(3, 'Gadget deals', 'en')];
const titles = () => screen.getAllByRole('heading', { level: 3, hidden: true }).map((h) => h.textContent);

beforeEach(() => {
  window.localStorage.clear();
  act(() => setShowLanguage(null));
  vi.stubGlobal('fetch', vi.fn(async () => Response.json([])));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('/streams by language', () => {
  it("lists shows in the viewer's own language first, each card naming its language", async () => {
    await changeLanguage('ta');
    renderWithProviders(<LiveStreamsList />, { liveStreams: STREAMS });
    expect(titles()).toEqual(['Kanchipuram silks', 'Kundan sets', 'Gadget deals']);
    const [first] = screen.getAllByRole('link');
    expect(within(first!).getByText('தமிழ்').getAttribute('lang')).toBe('ta');
  });

  it('filters by the language chosen in Filter, keeps the choice on the device, and offers all again', async () => {
    renderWithProviders(
      <>
        <StreamsFilterButton />
        <LiveStreamsList />
      </>,
      { liveStreams: STREAMS },
    );
    expect(titles()).toEqual(['Gadget deals', 'Kundan sets', 'Kanchipuram silks']);
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Language of shows' });
    const chips = within(sheet).getAllByRole('button', { pressed: false }).map((b) => b.textContent);
    expect(chips.slice(0, 3)).toEqual(['English', 'हिन्दी', 'தமிழ்']);
    fireEvent.click(within(sheet).getByRole('button', { name: 'தமிழ்' }));
    await waitFor(() => expect(titles()).toEqual(['Kanchipuram silks']));
    expect(window.localStorage.getItem(SHOW_LANGUAGE_STORAGE_KEY)).toBe('ta');
    expect(screen.getByRole('button', { name: 'Filter: தமிழ்', hidden: true })).toBeTruthy();

    // Back another day: the same choice.
    cleanup();
    renderWithProviders(<LiveStreamsList />, { liveStreams: [...STREAMS.slice(0, 1), ...STREAMS.slice(2)] });
    expect(await screen.findByText('No live shows in தமிழ் right now.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all languages' }));
    expect(titles()).toEqual(['Gadget deals', 'Kundan sets']);
    expect(window.localStorage.getItem(SHOW_LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});

describe('Home by language', () => {
  it('filters Live Now with its chips, and asks the server for the upcoming shows in that language', async () => {
    const fetchMock = vi.fn(async (_url: string) => Response.json([]));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <>
        <LiveNowSection />
        <UpcomingSection />
      </>,
      { liveStreams: STREAMS },
    );
    const chips = screen.getByRole('list', { name: 'Shows spoken in' });
    expect(within(chips).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(chips).getByRole('button', { name: 'हिन्दी' }));
    expect(titles()).toEqual(['Kundan sets']);
    expect(within(chips).getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/streams/upcoming?language=hi'));
  });
});
