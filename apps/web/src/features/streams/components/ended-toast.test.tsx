import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@live-market/contract/realtime';
import type { LiveStream, StreamDetail } from '@live-market/contract/streams';
import { getWsClient } from '@/lib/ws-connection';
import { findToast, makeEndedStream, renderWithProviders } from '@/testing/render';
import { getStreamQueryOptions, useStream } from '../api/get-stream';
import { useStreamLive } from '../hooks/use-stream-live';
import { readJustEnded } from '../utils/just-ended';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const USER_ID = '00000000-0000-4000-8000-000000000001';
const stream: StreamDetail = { ...makeEndedStream({ id: STREAM_ID }), isLive: true, endedAt: null };

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  serverSends(message: ServerMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent));
  }
}

/** The stream page's real-time side as the page wires it, with the app's Follow button. */
function Watching() {
  const { data } = useStream(STREAM_ID);
  useStreamLive({ stream: data ?? stream, userId: USER_ID, isOwner: false, renderFollow: (seller) => <button type="button">Follow {seller.storeName}</button> });
  return <p>{data?.isLive ? 'on air' : 'ended'}</p>;
}

async function watch() {
  let queryClient: QueryClient | undefined;
  const page = renderWithProviders(<Watching />, {
    path: `/stream/${STREAM_ID}`,
    liveStreams: [stream as LiveStream],
    seed: (client) => {
      queryClient = client;
      client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, stream);
    },
  });
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  const socket = FakeSocket.all[0]!;
  act(() => {
    socket.readyState = 1;
    socket.onopen?.(new Event('open'));
  });
  return { page, socket, liveList: () => queryClient!.getQueryData<LiveStream[]>(['/api/streams/live']) };
}

beforeEach(() => {
  FakeSocket.all = [];
  window.sessionStorage.clear();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200 })));
});

afterEach(() => {
  getWsClient().destroy();
  vi.unstubAllGlobals();
});

describe('a show that ends while a viewer watches it', () => {
  it('shows the toast with Watch replay and Follow, remembers the show for Home, drops it from Live Now and goes home after 2 s', async () => {
    const { page, socket, liveList } = await watch();
    socket.serverSends({ type: 'stream_ended', streamId: STREAM_ID, sellerId: stream.sellerId, hasReplay: true });
    expect(liveList()).toEqual([]);

    const toast = (await findToast('Stream Ended')).closest('li')!;
    expect(within(toast).getByText('The seller has ended this live stream.')).toBeTruthy();
    expect(within(toast).getByRole('button', { name: 'Watch replay' })).toBeTruthy();
    expect(within(toast).getByRole('button', { name: 'Follow Varanasi Weaves' })).toBeTruthy();
    expect(readJustEnded()).toMatchObject({ streamId: STREAM_ID, sellerId: stream.sellerId, storeName: 'Varanasi Weaves', title: 'Diwali silk sarees', hasReplay: true });
    expect(screen.getByText('ended')).toBeTruthy();

    expect(page.location()).toBe(`/stream/${STREAM_ID}`);
    await waitFor(() => expect(page.location()).toBe('/'), { timeout: 3000 });
  });

  it('takes the viewer to the replay at once from the toast, instead of home', async () => {
    const { page, socket } = await watch();
    socket.serverSends({ type: 'stream_ended', streamId: STREAM_ID, sellerId: stream.sellerId, hasReplay: true });
    fireEvent.click(within((await findToast('Stream Ended')).closest('li')!).getByRole('button', { name: 'Watch replay' }));
    expect(page.location()).toBe(`/stream/${STREAM_ID}?replay`);
  });

  it('offers no replay when the show was not recorded', async () => {
    const { socket } = await watch();
    socket.serverSends({ type: 'stream_ended', streamId: STREAM_ID, sellerId: stream.sellerId, hasReplay: false });
    const toast = (await findToast('Stream Ended')).closest('li')!;
    expect(within(toast).queryByRole('button', { name: 'Watch replay' })).toBeNull();
    expect(within(toast).getByRole('button', { name: 'Follow Varanasi Weaves' })).toBeTruthy();
    expect(readJustEnded()).toMatchObject({ hasReplay: false });
  });
});
