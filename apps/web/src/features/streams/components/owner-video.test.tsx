import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import type { ServerMessage } from '@live-market/contract/realtime';
import { getWsClient } from '@/lib/ws-connection';
import { makeEndedStream, renderWithProviders } from '@/testing/render';
import { getStreamQueryOptions } from '../api/get-stream';
import { getStreamProductsQueryOptions } from '../api/get-stream-products';
import { getBroadcast, stopBroadcast } from '../media/live-broadcast';
import { EndStreamButton } from './end-stream-button';
import { OwnerVideo } from './owner-video';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const USER_ID = '00000000-0000-4000-8000-0000000000cc';
const liveStream = { ...makeEndedStream({ id: STREAM_ID }), isLive: true, endedAt: null, viewerCount: 3 };

const product = (n: number, name: string): Product => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  sellerId: liveStream.sellerId,
  name,
  description: null,
  price: '1499.00',
  originalPrice: null,
  category: 'fashion',
  stockQuantity: 3, weightGrams: 500,
  imageUrl: null,
  isActive: true, hsnCode: '7117', gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
});
const PRODUCTS = [product(1, 'Mysore silk saree'), product(2, 'Temple jhumkas')];

/** A camera the page can show: happy-dom has MediaStream but no tracks and no navigator.mediaDevices. */
function fakeCamera() {
  const track = { kind: 'video', readyState: 'live', stop: vi.fn(), getSettings: () => ({}) };
  const stream = Object.assign(new MediaStream(), { getVideoTracks: () => [track], getAudioTracks: () => [], getTracks: () => [track] });
  return { stream, track };
}

// The tab's real-time connection, played by the test: it opens when the broadcast joins the room.
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  serverSends(message: ServerMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent));
  }
}

async function openSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(FakeSocket.all.length).toBe(1));
  const socket = FakeSocket.all[0]!;
  act(() => {
    socket.readyState = 1;
    socket.onopen?.(new Event('open'));
  });
  return socket;
}

/** Whether the browser would ask before closing or reloading the tab now. */
function asksBeforeLeaving(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

let camera: ReturnType<typeof fakeCamera>;
let getUserMedia: ReturnType<typeof vi.fn>;

function renderOwnerVideo(tools?: Parameters<typeof OwnerVideo>[0]['tools']) {
  return renderWithProviders(<OwnerVideo streamId={STREAM_ID} userId={USER_ID} topBar={null} tools={tools} />, {
    path: `/stream/${STREAM_ID}`,
    seed: (client) => {
      client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, liveStream);
      client.setQueryData(getStreamProductsQueryOptions(STREAM_ID).queryKey, PRODUCTS);
    },
  });
}

beforeEach(() => {
  camera = fakeCamera();
  getUserMedia = vi.fn(async () => camera.stream);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  stopBroadcast();
  getWsClient().destroy();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('OwnerVideo', () => {
  it("keeps the camera on and published when the seller leaves the show's page, and shows the same one on return", async () => {
    const first = renderOwnerVideo();
    await screen.findByRole('button', { name: 'Switch camera' });
    first.unmount();
    // Gone from the screen, not from the show: the camera is still on and still the broadcast's.
    expect(camera.track.stop).not.toHaveBeenCalled();
    expect(getBroadcast()).toMatchObject({ streamId: STREAM_ID, camera: camera.stream });

    renderOwnerVideo();
    await screen.findByRole('button', { name: 'Switch camera' });
    expect((screen.getByLabelText('Your camera') as HTMLVideoElement).srcObject).toBe(camera.stream);
    // Not opened a second time (no second permission prompt, no new WHIP session).
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('asks before the tab is closed while live, and no longer once the room says the show has ended', async () => {
    renderOwnerVideo();
    await screen.findByRole('button', { name: 'Switch camera' });
    const socket = await openSocket();
    expect(socket.sent).toContainEqual(expect.objectContaining({ type: 'join_stream', streamId: STREAM_ID }));
    expect(asksBeforeLeaving()).toBe(true);

    // Another show's end changes nothing.
    socket.serverSends({ type: 'stream_ended', streamId: '00000000-0000-4000-8000-0000000000ff' });
    expect(getBroadcast()).not.toBeNull();

    socket.serverSends({ type: 'stream_ended', streamId: STREAM_ID });
    expect(getBroadcast()).toBeNull();
    expect(camera.track.stop).toHaveBeenCalled();
    expect(asksBeforeLeaving()).toBe(false);
  });

  it('End Stream asks first; confirmed, the show ends, the camera goes off and the seller is on the dashboard after 1 s', async () => {
    // The show as the server has it: live until the PATCH ends it.
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      Response.json(init?.method === 'PATCH' ? { ...liveStream, isLive: false, endedAt: new Date().toISOString() } : liveStream),
    );
    vi.stubGlobal('fetch', fetchMock);
    const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    const { location } = renderWithProviders(
      <>
        <OwnerVideo streamId={STREAM_ID} userId={USER_ID} topBar={null} />
        <EndStreamButton streamId={STREAM_ID} announceEnded={() => true} />
      </>,
      { path: `/stream/${STREAM_ID}`, seed: (client) => client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, liveStream) },
    );
    await screen.findByRole('button', { name: 'Switch camera' });
    fireEvent.click(screen.getByRole('button', { name: 'End Stream' }));
    const confirm = await screen.findByRole('dialog', { name: 'End your live show?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep streaming' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches()).toHaveLength(0);
    expect(getBroadcast()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'End Stream' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'End your live show?' })).getByRole('button', { name: 'End Stream' }));
    await waitFor(() => expect(getBroadcast()).toBeNull());
    expect(patches()).toEqual([[`/api/streams/${STREAM_ID}`, expect.objectContaining({ method: 'PATCH' })]]);
    expect(camera.track.stop).toHaveBeenCalled();
    await waitFor(() => expect(location()).toBe('/seller/dashboard'), { timeout: 2000 });
  });

  it("opens the tools sheet over the video: each product with Feature, Flash deal and Auction; Feature features it for everyone", async () => {
    const onFeature = vi.fn();
    renderOwnerVideo({
      featuredId: PRODUCTS[1]!.id,
      onFeature,
      // The selling feature's buttons stand in here; started, a deal or an auction calls onStarted.
      renderActions: (_p, onStarted) => (
        <span>
          <button type="button" onClick={onStarted}>
            Flash deal
          </button>
          <button type="button">Auction</button>
        </span>
      ),
    });
    await openSocket();
    fireEvent.click(await screen.findByRole('button', { name: 'Products' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sell in your show' });
    const saree = within(sheet).getByRole('article', { name: 'Mysore silk saree' });
    for (const name of ['Feature', 'Flash deal', 'Auction']) expect(within(saree).getByRole('button', { name })).toBeTruthy();
    // The featured one offers to stop featuring it instead.
    expect(within(within(sheet).getByRole('article', { name: 'Temple jhumkas' })).getByRole('button', { name: 'Stop featuring' })).toBeTruthy();

    fireEvent.click(within(saree).getByRole('button', { name: 'Feature' }));
    expect(onFeature).toHaveBeenCalledWith(PRODUCTS[0]);
    // Back to the show, where the featured product now shows (the sheet closes; happy-dom never ends its slide-out).
    const closed = () => expect(['closed', 'gone']).toContain(screen.queryByRole('dialog')?.getAttribute('data-state') ?? 'gone');
    await waitFor(closed);

    // A flash deal started from the sheet closes it too.
    // (happy-dom leaves the closed sheet's aria-hidden on the page: the button is found regardless.)
    fireEvent.click(screen.getByRole('button', { name: 'Products', hidden: true }));
    const again = await screen.findByRole('dialog', { name: 'Sell in your show' });
    fireEvent.click(within(within(again).getByRole('article', { name: 'Temple jhumkas' })).getByRole('button', { name: 'Flash deal' }));
    await waitFor(closed);
  }, 20_000);
});
