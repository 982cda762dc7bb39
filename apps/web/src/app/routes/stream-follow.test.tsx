import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SellerProfile } from '@live-market/contract/sellers';
import { getStreamQueryOptions } from '@/features/streams/api/get-stream';
import { dismissToast } from '@/lib/toast';
import { findToast, makeEndedStream, makeUser, renderWithProviders } from '@/testing/render';
import { StreamRoute } from './stream';

// The Follow button on /stream/{id}: the route composes the sellers feature's FollowButton into the
// stream page, which leaves it out for the stream's owner (SPEC section 6: cannot follow self).
const VIEWER_ID = '00000000-0000-4000-8000-000000000001';
const OWNER_ID = '00000000-0000-4000-8000-0000000000cc';
const SELLER_ID = '00000000-0000-4000-8000-0000000000bb';
const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const SELLER_URL = `/api/sellers/${SELLER_ID}`;

// An ended stream: the page shows its info without opening a camera or a WebRTC player.
const stream = makeEndedStream({ id: STREAM_ID, sellerId: SELLER_ID, seller: { id: SELLER_ID, userId: OWNER_ID, storeName: 'Varanasi Weaves' } });

const store: SellerProfile = {
  id: SELLER_ID,
  userId: OWNER_ID,
  storeName: 'Varanasi Weaves',
  description: null,
  category: 'fashion',
  followersCount: 41,
  totalSales: '0.00',
  isVerified: false,
  verificationLevel: 'none',
  isFollowing: false,
};

/** The store, its follow toggle, and an empty list for anything else the page asks for. */
function stubServer() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === SELLER_URL && method === 'GET') return Response.json(store);
    if (url === `${SELLER_URL}/follow` && method === 'POST') return Response.json({ isFollowing: true, followersCount: 42 });
    if (url === `${SELLER_URL}/trust`) return Response.json({ rating: { average: 4.5, count: 12, distribution: [0, 0, 1, 4, 7] }, onTimeShippingRate: 0.96, cancellationRate: 0.02 });
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderRoute(userId: string) {
  return renderWithProviders(<StreamRoute id={STREAM_ID} user={makeUser({ id: userId })} />, {
    path: `/stream/${STREAM_ID}`,
    seed: (client) => client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, stream),
  });
}

beforeEach(() => {
  dismissToast();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/stream/{id} Follow button', () => {
  it("is shown to a viewer and follows the stream's store", async () => {
    const fetchMock = stubServer();
    renderRoute(VIEWER_ID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Diwali silk sarees' })).toBeTruthy();
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(await screen.findByText('41 followers')).toBeTruthy();
    await waitFor(() => expect(follow.hasAttribute('disabled')).toBe(false));
    fireEvent.click(follow);
    expect(await findToast('Following')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Following' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`${SELLER_URL}/follow`, expect.objectContaining({ method: 'POST' }));
  });

  it("shows the store's real rating and record under the video (issue 28)", async () => {
    stubServer();
    renderRoute(VIEWER_ID);
    expect(await screen.findByLabelText('Rated 4.5 from 12 reviews')).toBeTruthy();
    expect(screen.getByText('· 96% shipped on time')).toBeTruthy();
    expect(screen.getByText('· 2% cancelled by the store')).toBeTruthy();
  });

  it("is hidden from the stream's owner, and the store is not even asked for", async () => {
    const fetchMock = stubServer();
    renderRoute(OWNER_ID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Diwali silk sarees' })).toBeTruthy();
    expect(screen.getByText('by Varanasi Weaves')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
    expect(screen.queryByText(/followers$/)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalledWith(SELLER_URL, expect.anything());
  });
});
