import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowReply, SellerProfile } from '@live-market/contract/sellers';
import { dismissToast } from '@/lib/toast';
import { findToast, renderWithProviders } from '@/testing/render';
import { FollowButton } from './follow-button';

const OWNER_ID = '00000000-0000-4000-8000-0000000000cc';
const SELLER_ID = '00000000-0000-4000-8000-0000000000bb';
const SELLER_URL = `/api/sellers/${SELLER_ID}`;
const FOLLOW_URL = `${SELLER_URL}/follow`;

function profile(overrides: Partial<SellerProfile> = {}): SellerProfile {
  return {
    id: SELLER_ID,
    userId: OWNER_ID,
    storeName: 'Varanasi Weaves',
    description: 'Handwoven silk',
    category: 'fashion',
    followersCount: 2847,
    totalSales: '0.00',
    isVerified: false,
    verificationLevel: 'none',
    isFollowing: false,
    ...overrides,
  };
}

type Answer = [status: number, body: unknown];

/**
 * A small fake server: GET /api/sellers/{id} answers the store; POST and DELETE on its /follow answer
 * the next reply given for that method. Anything else is an empty list.
 */
function stubServer(store: SellerProfile, replies: { POST?: Answer[]; DELETE?: Answer[] } = {}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === SELLER_URL && method === 'GET') return Response.json(store);
    if (url === FOLLOW_URL && (method === 'POST' || method === 'DELETE')) {
      const [status, body] = replies[method]?.shift() ?? [500, { message: 'No reply left' }];
      return new Response(JSON.stringify(body), { status });
    }
    return Response.json([]);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const followCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([url]) => url === FOLLOW_URL).map(([, init]) => ({ method: init?.method, body: init?.body }));

/** The toggle, once the store has loaded (it is disabled while loading). */
async function findToggle(name: 'Follow' | 'Following') {
  const button = await screen.findByRole('button', { name });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
}

beforeEach(() => {
  // The toast store outlives each render.
  dismissToast();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FollowButton', () => {
  it("follows with POST: the toast says 'Following', the button reads 'Following' and the count goes up", async () => {
    const reply: FollowReply = { isFollowing: true, followersCount: 2848 };
    const fetchMock = stubServer(profile(), { POST: [[200, reply]] });
    renderWithProviders(<FollowButton sellerId={SELLER_ID} />);
    const button = await findToggle('Follow');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('2,847 followers')).toBeTruthy();

    fireEvent.click(button);
    const toast = await findToast('Following');
    expect(toast.closest('[class*="bg-destructive"]')).toBeNull();
    const following = await findToggle('Following');
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('2,848 followers')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(followCalls(fetchMock)).toEqual([{ method: 'POST', body: undefined }]);
    expect(fetchMock).toHaveBeenCalledWith(FOLLOW_URL, expect.objectContaining({ credentials: 'include' }));
  });

  it("unfollows with DELETE: the toast says 'Unfollowed' and the button reads 'Follow' again", async () => {
    const fetchMock = stubServer(profile({ isFollowing: true, followersCount: 10 }), { DELETE: [[200, { isFollowing: false, followersCount: 9 }]] });
    renderWithProviders(<FollowButton sellerId={SELLER_ID} />);
    const button = await findToggle('Following');
    expect(button.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(button);
    expect(await findToast('Unfollowed')).toBeTruthy();
    const follow = await findToggle('Follow');
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('9 followers')).toBeTruthy();
    expect(followCalls(fetchMock)).toEqual([{ method: 'DELETE', body: undefined }]);
  });

  it('toggles back and forth: Follow, Following, Follow', async () => {
    const fetchMock = stubServer(profile(), {
      POST: [[200, { isFollowing: true, followersCount: 2848 }]],
      DELETE: [[200, { isFollowing: false, followersCount: 2847 }]],
    });
    renderWithProviders(<FollowButton sellerId={SELLER_ID} />);
    fireEvent.click(await findToggle('Follow'));
    expect(await findToast('Following')).toBeTruthy();
    fireEvent.click(await findToggle('Following'));
    expect(await findToast('Unfollowed')).toBeTruthy();
    expect(await findToggle('Follow')).toBeTruthy();
    expect(followCalls(fetchMock).map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });

  it("keeps the state and says 'Could not update follow' when the server fails", async () => {
    stubServer(profile(), { POST: [[500, { message: 'Internal Server Error' }]] });
    renderWithProviders(<FollowButton sellerId={SELLER_ID} />);
    fireEvent.click(await findToggle('Follow'));
    const toast = await findToast('Could not update follow. Please try again.');
    expect(toast.closest('[class*="bg-destructive"]')).toBeTruthy();
    expect(screen.queryByText('Unfollowed')).toBeNull();
    expect((await findToggle('Follow')).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('2,847 followers')).toBeTruthy();
  });

  it("says 'Unauthorized' and goes to sign-in when the session has expired", async () => {
    const hrefSetter = vi.spyOn(window.location, 'href', 'set').mockImplementation(() => {});
    stubServer(profile(), { POST: [[401, { message: 'Unauthorized' }]] });
    renderWithProviders(<FollowButton sellerId={SELLER_ID} />);
    fireEvent.click(await findToggle('Follow'));
    expect(await findToast('You are logged out. Logging in again...')).toBeTruthy();
    await vi.waitFor(() => expect(hrefSetter).toHaveBeenCalledWith('/api/login'), { timeout: 2000 });
  });
});
