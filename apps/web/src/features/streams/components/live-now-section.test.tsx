import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveStream } from '@live-market/contract/streams';
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

  it("shows each live stream with its thumbnail or a placeholder, LIVE, '{n} watching' and 4.8", () => {
    renderWithProviders(<LiveNowSection />, {
      liveStreams: [stream({ thumbnailUrl: '/demo/streams/sarees.webp', title: 'Banarasi silk' }), stream({ id: '00000000-0000-4000-8000-0000000000a2' })],
    });
    const [withThumbnail, withoutThumbnail] = screen.getAllByRole('link');
    expect(withThumbnail!.getAttribute('href')).toBe('/stream/00000000-0000-4000-8000-0000000000a1');
    expect(withThumbnail!.querySelector('img')!.getAttribute('src')).toBe('/demo/streams/sarees.webp');
    expect(within(withoutThumbnail!).getByRole('img', { name: 'No thumbnail' })).toBeTruthy();
    expect(within(withoutThumbnail!).getByText('LIVE')).toBeTruthy();
    expect(within(withoutThumbnail!).getByText('12,345 watching')).toBeTruthy();
    expect(within(withoutThumbnail!).getByText('4.8')).toBeTruthy();
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
