import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import type { Replay } from '@live-market/contract/shows';
import { makeEndedStream, renderWithProviders } from '@/testing/render';
import { getStreamQueryOptions } from '../api/get-stream';
import { getStreamReplayQueryOptions } from '../api/get-stream-replay';
import { StreamPage } from './stream-page';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const VIEWER_ID = '00000000-0000-4000-8000-000000000001';
const OWNER_ID = '00000000-0000-4000-8000-0000000000cc';
const stream = makeEndedStream({ id: STREAM_ID });

const product = (id: string, name: string): Product => ({
  id,
  sellerId: stream.sellerId,
  name,
  description: null,
  price: '2499.00',
  originalPrice: null,
  category: 'fashion',
  stockQuantity: 5, weightGrams: 500,
  imageUrl: null,
  isActive: true, hsnCode: '7117', gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
});
const saree = product('00000000-0000-4000-8000-000000000101', 'Banarasi saree');
const dupatta = product('00000000-0000-4000-8000-000000000102', 'Silk dupatta');

const line = (n: number, atSeconds: number, message: string) => ({
  atSeconds,
  message: { id: `00000000-0000-4000-8000-00000000c0${String(n).padStart(2, '0')}`, streamId: STREAM_ID, userId: VIEWER_ID, displayName: 'Meera', message, createdAt: '2025-01-01T10:00:00.000Z' },
});

const replay: Replay = {
  videoUrl: `/media/replays/${STREAM_ID}.webm`,
  durationSeconds: 60,
  startedAt: '2025-01-01T10:00:00.000Z',
  featured: [
    { atSeconds: 3, product: saree },
    { atSeconds: 20, product: dupatta },
  ],
  chat: [line(1, 0, 'Namaste!'), line(2, 4, 'Is the zari real?'), line(3, 25, 'Lovely dupatta')],
};

/** Every request answered with an empty list, the replay's DELETE with 204. */
function stubFetch() {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : Response.json([])));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderReplay({ userId = VIEWER_ID, withReplay = true, onBuy = vi.fn() } = {}) {
  const seed = (client: QueryClient) => {
    client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, stream);
    if (withReplay) client.setQueryData(getStreamReplayQueryOptions(STREAM_ID).queryKey, replay);
  };
  const result = renderWithProviders(
    <StreamPage streamId={STREAM_ID} userId={userId} renderFollow={() => null} renderEngagement={() => ({ poll: null, quiz: null, gifts: null })} onBuy={onBuy} />,
    { seed },
  );
  return { ...result, onBuy };
}

/** Plays the video to a moment, as the browser reports it: currentTime, then the event. */
function playTo(video: HTMLVideoElement, seconds: number, event: 'timeUpdate' | 'seeking' = 'timeUpdate') {
  Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: seconds });
  act(() => {
    fireEvent[event](video);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the replay page', () => {
  it('plays the recording in a plain video and replays the chat in step with it, following seeks', async () => {
    stubFetch();
    renderReplay();
    const video = (await screen.findByLabelText('Show replay')) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe(replay.videoUrl);
    expect(screen.getByText('Replay')).toBeTruthy();
    const chat = screen.getByRole('list', { name: 'Chat replay' });
    expect(within(chat).getByText('Namaste!')).toBeTruthy();
    expect(within(chat).queryByText('Is the zari real?')).toBeNull();

    playTo(video, 4.1);
    expect(within(chat).getByText('Is the zari real?')).toBeTruthy();
    expect(within(chat).queryByText('Lovely dupatta')).toBeNull();
    playTo(video, 30, 'seeking');
    expect(within(chat).getByText('Lovely dupatta')).toBeTruthy();
    // Seeking back takes the later lines away again.
    playTo(video, 1, 'seeking');
    expect(within(chat).queryByText('Is the zari real?')).toBeNull();
    expect(within(chat).getByText('Namaste!')).toBeTruthy();
  });

  it('shows each product at the moment it was featured, with Quick Buy from the replay', async () => {
    stubFetch();
    const { onBuy } = renderReplay();
    const video = (await screen.findByLabelText('Show replay')) as HTMLVideoElement;
    expect(screen.queryByRole('heading', { name: /^Featured at/ })).toBeNull();

    playTo(video, 3);
    const featured = screen.getByRole('region', { name: 'Featured at 0:03' });
    expect(within(featured).getByText('Banarasi saree')).toBeTruthy();
    fireEvent.click(within(featured).getByRole('button', { name: 'Quick Buy' }));
    expect(onBuy).toHaveBeenCalledWith(saree, 'replay');

    playTo(video, 21);
    expect(within(screen.getByRole('region', { name: 'Featured at 0:20' })).getByText('Silk dupatta')).toBeTruthy();
  });

  it('lists the moments and jumps to one', async () => {
    stubFetch();
    renderReplay();
    const video = (await screen.findByLabelText('Show replay')) as HTMLVideoElement;
    const play = vi.fn(async () => {});
    video.play = play;
    fireEvent.click(screen.getByRole('button', { name: 'Jump to Silk dupatta at 0:20' }));
    expect(video.currentTime).toBe(20);
    expect(play).toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Featured at 0:20' })).toBeTruthy();
  });

  it('keeps the ended page when the show has no replay (404)', async () => {
    const fetchMock = vi.fn(async () => Response.json({ message: 'This show has no replay' }, { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    renderReplay({ withReplay: false });
    expect(await screen.findByText('This stream has ended')).toBeTruthy();
    expect(screen.queryByLabelText('Show replay')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(`/api/streams/${STREAM_ID}/replay`, expect.objectContaining({ method: 'GET' }));
  });

  it('lets the owner delete the replay after confirming, and not a viewer', async () => {
    const fetchMock = stubFetch();
    const { unmount } = renderReplay();
    await screen.findByLabelText('Show replay');
    expect(screen.queryByRole('button', { name: 'Delete replay' })).toBeNull();
    unmount();

    renderReplay({ userId: OWNER_ID });
    await screen.findByLabelText('Show replay');
    fireEvent.click(screen.getByRole('button', { name: 'Delete replay' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this replay?' });
    expect(fetchMock).not.toHaveBeenCalledWith(`/api/streams/${STREAM_ID}/replay`, expect.objectContaining({ method: 'DELETE' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete replay' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/streams/${STREAM_ID}/replay`, expect.objectContaining({ method: 'DELETE' })));
  });

  it('says so when the recording cannot be played, and tries again on Retry', async () => {
    stubFetch();
    renderReplay();
    const video = (await screen.findByLabelText('Show replay')) as HTMLVideoElement;
    const load = vi.fn();
    video.load = load;
    act(() => {
      fireEvent.error(video);
    });
    expect(screen.getByText('The video could not be played.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('The video could not be played.')).toBeNull();
  });
});

