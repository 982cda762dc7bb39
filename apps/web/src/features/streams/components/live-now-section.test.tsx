import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@live-market/contract/realtime';
import type { LiveStream } from '@live-market/contract/streams';
import { getWsClient } from '@/lib/ws-connection';
import { renderWithProviders } from '@/testing/render';
import { LiveNowSection } from './live-now-section';

const stream = (overrides: Partial<LiveStream>): LiveStream => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  sellerId: '00000000-0000-4000-8000-0000000000b1',
  title: 'Kundan bridal sets',
  description: 'Straight from Jaipur',
  thumbnailUrl: null,
  isLive: true,
  viewerCount: 12345,
  startedAt: new Date().toISOString(),
  endedAt: null,
  scheduledFor: null,
  language: 'en',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('Live Now', () => {
  it('shows 3 skeleton cards while the list loads', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderWithProviders(<LiveNowSection />);
    const loading = await screen.findByLabelText('Loading…');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(loading.children).toHaveLength(3);
  });

  it("shows each live stream with its thumbnail or a placeholder, LIVE, '{n} watching' and the store's real rating or New", () => {
    renderWithProviders(<LiveNowSection />, {
      liveStreams: [
        stream({ thumbnailUrl: '/demo/streams/sarees.webp', title: 'Banarasi silk', storeRating: { average: null, count: 0 } }),
        stream({ id: '00000000-0000-4000-8000-0000000000a2', storeRating: { average: 4.6, count: 23 } }),
      ],
    });
    const [withThumbnail, withoutThumbnail] = screen.getAllByRole('link');
    expect(withThumbnail!.getAttribute('href')).toBe('/stream/00000000-0000-4000-8000-0000000000a1');
    expect(withThumbnail!.querySelector('img')!.getAttribute('src')).toBe('/demo/streams/sarees.webp');
    expect(within(withoutThumbnail!).getByRole('img', { name: 'No thumbnail' })).toBeTruthy();
    expect(within(withoutThumbnail!).getByText('LIVE')).toBeTruthy();
    expect(within(withoutThumbnail!).getByText('12,345 watching')).toBeTruthy();
    expect(within(withoutThumbnail!).getByLabelText('Rated 4.6 from 23 reviews').textContent).toBe('4.6');
    expect(within(withThumbnail!).getByLabelText('New store: no reviews yet').textContent).toBe('New');
    // The spec's made-up 4.8 is gone.
    expect(screen.queryByText('4.8')).toBeNull();
    expect(within(withoutThumbnail!).getByText('Straight from Jaipur')).toBeTruthy();
  });

  it('fetches the first thumbnail first (often the largest paint), the second at once, and the ones below the fold lazily', () => {
    renderWithProviders(<LiveNowSection />, {
      liveStreams: ['a1', 'a2', 'a3'].map((n) => stream({ id: `00000000-0000-4000-8000-0000000000${n}`, thumbnailUrl: '/demo/stream-kundan.svg' })),
    });
    const images = screen.getAllByRole('link').map((link) => link.querySelector('img')!);
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['lazy', null],
    ]);
    expect([images[0]!.getAttribute('width'), images[0]!.getAttribute('height')]).toEqual(['640', '360']);
  });
});

// The tab's real-time connection, played by the test (issue 25).
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Array<{ type: string }> = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }
  serverSends(message: ServerMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent));
  }
}

describe('Live Now, following the server (issue 25)', () => {
  afterEach(() => getWsClient().destroy());

  it('shows a show that went live and drops one that ended as soon as the socket says so, without a reload', async () => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const first = stream({ id: '00000000-0000-4000-8000-0000000000a1', title: 'Kundan bridal sets' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify([first]), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = renderWithProviders(<LiveNowSection />, { liveStreams: [first] });

    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.all[0]!;
    socket.open();
    expect(socket.sent).toContainEqual({ type: 'watch_lists' });
    // What changed while the socket was away is asked for once, from the cached list.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/streams/live', expect.anything()));

    const started = stream({ id: '00000000-0000-4000-8000-0000000000a2', title: 'Temple jewellery', viewerCount: 0, startedAt: new Date(Date.now() + 1000).toISOString() });
    socket.serverSends({ type: 'listing_update', streamId: started.id, status: 'live', stream: started });
    await waitFor(() => expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/stream/${started.id}`, `/stream/${first.id}`]));

    socket.serverSends({ type: 'listing_update', streamId: first.id, status: 'ended' });
    await waitFor(() => expect(screen.queryByText('Kundan bridal sets')).toBeNull());
    expect(screen.getByText('Temple jewellery')).toBeTruthy();

    // Off screen, the socket stops hearing the lists (after a moment, in case another list takes over).
    unmount();
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'unwatch_lists' }), { timeout: 3000 });
  });
});
