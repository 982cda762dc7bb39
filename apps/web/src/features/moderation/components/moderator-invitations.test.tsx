import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyModeratorInvitation } from '@live-market/contract/moderation';
import { useMyModeratorInvitations } from '../api/get-my-moderator-invitations';
import { findToast, renderWithProviders } from '@/testing/render';
import { moderationKeys } from '../api/keys';
import { ModeratorInvitations } from './moderator-invitations';

const XSS = '<img src=x onerror=alert(1)>';
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const invitation = (id: string, storeName: string): MyModeratorInvitation => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  sellerId: `00000000-0000-4000-8000-0000000001${id}`,
  storeName,
  invitedAt: ago(5),
  expiresAt: ago(-7 * 24 * 60),
});
const PRIYA = invitation('a1', 'Priya Jewels');
const KAVYA = invitation('a2', XSS);

/** The list as the notifications page holds it: from the query, so an answer takes the card away. */
function Invitations() {
  const { data } = useMyModeratorInvitations();
  return data ? <ModeratorInvitations invitations={data} /> : null;
}

function stubFetch(answer: (url: string, init?: RequestInit) => { status?: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { status = 200, body } = init?.method === 'POST' ? answer(url, init) : { body: [PRIYA, KAVYA] };
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderList = () => renderWithProviders(<Invitations />, { seed: (client) => client.setQueryData(moderationKeys.myInvitations(), [PRIYA, KAVYA]) });
const card = async (store: string) => (await screen.findByText(`${store} invites you to moderate its shows`)).closest('li')!;

afterEach(() => vi.unstubAllGlobals());

describe('ModeratorInvitations', () => {
  it("shows each store's invitation with Accept and Decline, the store's name as text", async () => {
    stubFetch(() => ({ body: {} }));
    const { container } = renderList();
    const list = await screen.findByRole('list', { name: 'Invitations to moderate' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const priya = await card('Priya Jewels');
    expect(within(priya).getByText("Moderators delete messages, time out and ban people in the store's live chat.")).toBeTruthy();
    expect(within(priya).getByText('5 minutes ago')).toBeTruthy();
    expect(within(priya).getByRole('button', { name: 'Accept', description: 'Priya Jewels invites you to moderate its shows' })).toBeTruthy();
    expect(within(priya).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(await card(XSS)).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('accepts: the server is asked, the person is told they moderate, and the card goes', async () => {
    const fetchMock = stubFetch(() => ({ body: { id: PRIYA.id, sellerId: PRIYA.sellerId, storeName: 'Priya Jewels', role: 'moderator' } }));
    renderList();
    fireEvent.click(within(await card('Priya Jewels')).getByRole('button', { name: 'Accept' }));
    expect(await findToast("You're now a moderator of Priya Jewels")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/moderator-invitations/${PRIYA.id}/accept`, expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(screen.queryByText('Priya Jewels invites you to moderate its shows')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Invitations to moderate' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('declines', async () => {
    const fetchMock = stubFetch(() => ({ body: { id: PRIYA.id, removed: true } }));
    renderList();
    fireEvent.click(within(await card('Priya Jewels')).getByRole('button', { name: 'Decline' }));
    expect(await findToast('Invitation declined')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/moderator-invitations/${PRIYA.id}/decline`, expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(screen.queryByText('Priya Jewels invites you to moderate its shows')).toBeNull());
  });

  it("shows the server's reason when the invitation is gone, and reads the list again", async () => {
    const fetchMock = stubFetch(() => ({ status: 404, body: { message: 'This invitation is no longer open' } }));
    const reads = () => fetchMock.mock.calls.filter(([url, init]) => url === '/api/moderator-invitations' && init?.method !== 'POST').length;
    renderList();
    const priya = await card('Priya Jewels');
    await waitFor(() => expect(reads()).toBe(1));
    fireEvent.click(within(priya).getByRole('button', { name: 'Accept' }));
    expect(await findToast('This invitation is no longer open')).toBeTruthy();
    await waitFor(() => expect(reads()).toBe(2));
  });
});
