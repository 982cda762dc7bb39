import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@live-market/contract/products';
import type { UpcomingStream } from '@live-market/contract/shows';
import { dismissToast } from '@/lib/toast';
import { findToast, makeEndedStream, renderWithProviders } from '@/testing/render';
import { getStreamQueryOptions } from '../api/get-stream';
import { UPCOMING_STREAMS_KEY } from '../api/get-upcoming-streams';
import { StreamPage } from './stream-page';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const VIEWER_ID = '00000000-0000-4000-8000-000000000001';
const OWNER_ID = '00000000-0000-4000-8000-0000000000cc';
const scheduledFor = new Date(Date.now() + 3 * 86_400_000 + 5 * 3_600_000 + 60_000).toISOString();
// An announced show: never live, no start, a time ahead.
const stream = makeEndedStream({ id: STREAM_ID, title: 'Pochampally ikat launch', startedAt: null, endedAt: null, scheduledFor });

const ikat: Product = {
  id: '00000000-0000-4000-8000-000000000101',
  sellerId: stream.sellerId,
  name: 'Ikat cotton saree',
  description: null,
  price: '1899.00',
  originalPrice: null,
  category: 'fashion',
  stockQuantity: 7, weightGrams: 500,
  imageUrl: null,
  isActive: true, hsnCode: '7117', gstRatePercent: 3, countryOfOrigin: 'IN', returnDays: 7,
};
const listing: UpcomingStream = { ...stream, scheduledFor, storeName: 'Varanasi Weaves', reminded: true, featuredProducts: [ikat] };

function stubServer(patchStatus = 200, patchBody: unknown = { ...stream, isLive: true, startedAt: new Date().toISOString() }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === `/api/streams/${STREAM_ID}` && method === 'PATCH') return Response.json(patchBody, { status: patchStatus });
    if (url === `/api/streams/${STREAM_ID}` && method === 'DELETE') return new Response(null, { status: 204 });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderShow(userId: string, onBuy = vi.fn()) {
  const seed = (client: QueryClient) => {
    client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, stream);
    client.setQueryData(UPCOMING_STREAMS_KEY, [listing]);
  };
  const result = renderWithProviders(
    <StreamPage streamId={STREAM_ID} userId={userId} renderFollow={() => <button type="button">Follow</button>} renderEngagement={() => ({ poll: null, quiz: null, gifts: null })} onBuy={onBuy} />,
    { seed, path: `/stream/${STREAM_ID}` },
  );
  return { ...result, onBuy };
}

beforeEach(() => dismissToast());
afterEach(() => vi.unstubAllGlobals());

describe("an upcoming show's page", () => {
  it('shows the countdown, the time in IST, Remind me as set, Share and the products it will feature', async () => {
    stubServer();
    const { onBuy } = renderShow(VIEWER_ID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pochampally ikat launch' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('Starts in 3 d 5 h');
    expect(screen.getByText(/ IST$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reminder set' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start now' })).toBeNull();
    const products = screen.getByRole('region', { name: 'Products in this show' });
    fireEvent.click(within(products).getByRole('button', { name: 'Buy Now' }));
    expect(onBuy).toHaveBeenCalledWith(ikat, 'live');
    // No video player and no chat before the show.
    expect(document.querySelector('video')).toBeNull();
  });

  it('lets the owner start it now (PATCH isLive: true)', async () => {
    const fetchMock = stubServer();
    renderShow(OWNER_ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Start now' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/streams/${STREAM_ID}`, expect.objectContaining({ method: 'PATCH' })));
    const call = fetchMock.mock.calls.find(([url, init]) => url === `/api/streams/${STREAM_ID}` && init?.method === 'PATCH')!;
    expect(JSON.parse(call[1]!.body as string)).toEqual({ isLive: true });
  });

  it("tells the owner why it cannot start while another show of theirs is live (409)", async () => {
    stubServer(409, { message: 'You already have a live stream' });
    renderShow(OWNER_ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Start now' }));
    expect(await findToast('Could not start the show')).toBeTruthy();
    expect(await findToast('You already have a live stream')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start now' })).toBeTruthy();
  });

  it('lets the owner cancel it after confirming (DELETE), then goes to the dashboard', async () => {
    const fetchMock = stubServer();
    const { location } = renderShow(OWNER_ID);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel show' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this show?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel show' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/streams/${STREAM_ID}`, expect.objectContaining({ method: 'DELETE' })));
    await waitFor(() => expect(location()).toBe('/seller/dashboard'));
  });
});
