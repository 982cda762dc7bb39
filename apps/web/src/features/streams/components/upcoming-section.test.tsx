import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpcomingStream } from '@live-market/contract/shows';
import { renderWithProviders } from '@/testing/render';
import { UPCOMING_STREAMS_KEY } from '../api/get-upcoming-streams';
import { UpcomingSection } from './upcoming-section';

const SHOW_ID = '00000000-0000-4000-8000-0000000000a7';
const MINUTE = 60_000;

const show = (overrides: Partial<UpcomingStream> = {}): UpcomingStream => ({
  id: SHOW_ID,
  sellerId: '00000000-0000-4000-8000-0000000000b1',
  title: 'Kanjeevaram wedding silks',
  description: null,
  thumbnailUrl: null,
  isLive: false,
  viewerCount: 0,
  startedAt: null,
  endedAt: null,
  // Two hours and a quarter from now, with half a minute to spare for the test's own time.
  scheduledFor: new Date(Date.now() + 135 * MINUTE + 30_000).toISOString(),
  language: 'ta',
  storeName: 'Kanchi Looms',
  reminded: false,
  featuredProducts: [],
  ...overrides,
});

/** Answers the reminder calls with what the server would: {reminded}. */
function stubReminders() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === `/api/streams/${SHOW_ID}/reminders`) return Response.json({ reminded: init?.method === 'POST' });
    return Response.json({ message: 'Not here' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderSection(shows: UpcomingStream[], props: Partial<Parameters<typeof UpcomingSection>[0]> = {}) {
  return renderWithProviders(<UpcomingSection {...props} />, { seed: (client) => client.setQueryData(UPCOMING_STREAMS_KEY, shows) });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'share');
});

describe('Upcoming', () => {
  it('lists each announced show with its time in IST and a countdown, linking to its page', () => {
    renderSection([show({ scheduledFor: new Date(Date.now() + 135 * MINUTE + 30_000).toISOString() })]);
    const section = screen.getByRole('region', { name: 'Upcoming' });
    const card = within(section).getByRole('article', { name: 'Kanjeevaram wedding silks' });
    expect(within(card).getByText('by Kanchi Looms')).toBeTruthy();
    expect(within(card).getByRole('timer').textContent).toBe('Starts in 2 h 15 min');
    expect(within(card).getByText(/ IST$/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Kanjeevaram wedding silks/ }).getAttribute('href')).toBe(`/stream/${SHOW_ID}`);
  });

  it('counts the last hour down in minutes and seconds', () => {
    renderSection([show({ scheduledFor: new Date(Date.now() + 9 * MINUTE + 30_500).toISOString() })]);
    expect(screen.getByRole('timer').textContent).toMatch(/^Starts in 09:3\d$/);
  });

  it('takes no room when nothing is announced', () => {
    const { container } = renderSection([]);
    expect(container.textContent).toBe('');
  });

  it('Remind me asks for a reminder (and offers push in the same tap); a second tap takes it back', async () => {
    const fetchMock = stubReminders();
    const onRemind = vi.fn();
    renderSection([show()], { onRemind });
    const remind = screen.getByRole('button', { name: 'Remind me' });
    expect(remind.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(remind);
    expect(onRemind).toHaveBeenCalledTimes(1);
    const set = await screen.findByRole('button', { name: 'Reminder set' });
    await waitFor(() => expect(set.hasAttribute('disabled')).toBe(false));
    expect(set.getAttribute('aria-pressed')).toBe('true');
    expect(fetchMock).toHaveBeenCalledWith(`/api/streams/${SHOW_ID}/reminders`, expect.objectContaining({ method: 'POST' }));

    fireEvent.click(set);
    expect(await screen.findByRole('button', { name: 'Remind me' })).toBeTruthy();
    expect(fetchMock).toHaveBeenLastCalledWith(`/api/streams/${SHOW_ID}/reminders`, expect.objectContaining({ method: 'DELETE' }));
    expect(onRemind).toHaveBeenCalledTimes(1);
  });

  it('shows an already reminded show as Reminder set', () => {
    renderSection([show({ reminded: true })]);
    expect(screen.getByRole('button', { name: 'Reminder set' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offers Manage instead of Remind me on the viewer’s own show', () => {
    renderSection([show()], { ownSellerId: '00000000-0000-4000-8000-0000000000b1' });
    expect(screen.queryByRole('button', { name: 'Remind me' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe(`/stream/${SHOW_ID}`);
  });

  it('without the Web Share API, Share offers WhatsApp with the title and the show’s address, and Copy link', () => {
    renderSection([show()]);
    const share = screen.getByRole('button', { name: 'Share' });
    fireEvent.click(share);
    expect(share.getAttribute('aria-expanded')).toBe('true');
    const whatsApp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const href = whatsApp.getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    expect(text).toContain('Kanjeevaram wedding silks');
    expect(text).toContain('Kanchi Looms');
    expect(text).toContain(`${window.location.origin}/stream/${SHOW_ID}`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('with the Web Share API, Share opens the phone’s share sheet instead', async () => {
    const shareSheet = vi.fn(async () => {});
    Object.defineProperty(navigator, 'share', { configurable: true, value: shareSheet });
    renderSection([show()]);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(shareSheet).toHaveBeenCalledTimes(1));
    expect(shareSheet).toHaveBeenCalledWith(expect.objectContaining({ title: 'Kanjeevaram wedding silks', url: `${window.location.origin}/stream/${SHOW_ID}` }));
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).toBeNull();
  });
});
