import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ban, ModerationLogEntry, Moderator, ModeratorInvitation } from '@live-market/contract/moderation';
import { findToast, renderWithProviders } from '@/testing/render';
import { moderationKeys } from '../api/keys';
import { ModerationCard } from './moderation-card';

const SELLER_ID = '00000000-0000-4000-8000-0000000000bb';
const XSS = '<img src=x onerror=alert(1)>';
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const moderators: Moderator[] = [{ userId: '00000000-0000-4000-8000-0000000000d1', displayName: 'Meena Joshi', phoneEnding: '4321', addedAt: ago(60 * 24 * 2) }];
const bans: Ban[] = [
  { userId: '00000000-0000-4000-8000-0000000000e1', displayName: 'Rahul', until: minutesFromNow(4.2), createdAt: ago(6), byName: 'Meena Joshi', canLift: true },
  { userId: '00000000-0000-4000-8000-0000000000e2', displayName: XSS, until: null, createdAt: ago(30), byName: 'Priya', canLift: true },
  // Set by someone the server does not let this reader overrule.
  { userId: '00000000-0000-4000-8000-0000000000e3', displayName: 'Vikram', until: minutesFromNow(50), createdAt: ago(40), byName: 'Priya', canLift: false },
];
const log: ModerationLogEntry[] = [
  { id: '00000000-0000-4000-8000-0000000000f1', action: 'message_deleted', actorName: 'Meena Joshi', targetName: 'Rahul', detail: XSS, createdAt: ago(3) },
  { id: '00000000-0000-4000-8000-0000000000f2', action: 'timeout', actorName: 'Meena Joshi', targetName: 'Rahul', detail: '5', createdAt: ago(6) },
  {
    id: '00000000-0000-4000-8000-0000000000f3',
    action: 'chat_settings',
    actorName: 'Priya',
    targetName: null,
    detail: '{"slowModeSeconds":10,"followersOnly":true,"linksAllowed":false}',
    createdAt: ago(90),
  },
  { id: '00000000-0000-4000-8000-0000000000f4', action: 'moderator_added', actorName: 'Priya', targetName: 'Meena Joshi', detail: null, createdAt: ago(60 * 24 * 2) },
];

function stubFetch(handler: (url: string, init?: RequestInit) => { status?: number; body: unknown } | undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = handler(url, init) ?? { body: { message: 'Not here' }, status: 404 };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderCard(words = ['fake', 'scam'], invitations: ModeratorInvitation[] = []) {
  return renderWithProviders(<ModerationCard sellerId={SELLER_ID} />, {
    seed: (client) => {
      client.setQueryData(moderationKeys.moderators(SELLER_ID), moderators);
      client.setQueryData(moderationKeys.invitations(SELLER_ID), invitations);
      client.setQueryData(moderationKeys.bans(SELLER_ID), bans);
      client.setQueryData(moderationKeys.keywords(), { words });
      client.setQueryData(moderationKeys.log(SELLER_ID), log);
    },
  });
}

const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, method: string, url: string) => {
  const call = fetchMock.mock.calls.find(([u, init]) => u === url && init?.method === method);
  return call ? (JSON.parse(String(call[1]?.body)) as unknown) : undefined;
};

afterEach(() => vi.unstubAllGlobals());

describe('ModerationCard', () => {
  it('lists moderators, bans with the time left, blocked words and the log, all as text', () => {
    stubFetch(() => undefined);
    const { container } = renderCard();
    const card = screen.getByRole('region', { name: 'Moderation' });
    expect(within(card).getByText('Meena Joshi', { selector: 'p' })).toBeTruthy();
    expect(within(card).getByText(/···4321/)).toBeTruthy();
    expect(within(card).getByText(/Timed out, 5 min left/)).toBeTruthy();
    expect(within(card).getByText(/Banned until you lift it/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Remove “scam”' })).toBeTruthy();
    expect(within(card).getByText('Meena Joshi deleted a message from Rahul')).toBeTruthy();
    expect(within(card).getByText(`“${XSS}”`)).toBeTruthy();
    expect(within(card).getByText('Meena Joshi timed out Rahul for 5 min')).toBeTruthy();
    expect(within(card).getByText('Slow mode: 10 s · Followers only')).toBeTruthy();
    expect(within(card).getByText('Priya made Meena Joshi a moderator')).toBeTruthy();
    expect(within(card).getByText('3 minutes ago')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('invites a moderator by phone number: the invitation waits as the number typed, with no name', async () => {
    const sent: ModeratorInvitation = {
      id: '00000000-0000-4000-8000-0000000000a1',
      phone: '+919876543210',
      displayName: null,
      invitedAt: new Date().toISOString(),
      expiresAt: minutesFromNow(7 * 24 * 60),
    };
    const fetchMock = stubFetch((url, init) => (init?.method === 'POST' ? { status: 201, body: sent } : undefined));
    renderCard();
    const phone = screen.getByLabelText('Invite a moderator by mobile number');
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter a valid 10-digit Indian mobile number')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '+91 98765 43210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await findToast('Invitation sent. They become a moderator once they accept.')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST', `/api/sellers/${SELLER_ID}/moderators`)).toEqual({ phone: '9876543210' });

    const waiting = screen.getByRole('list', { name: 'Invitations waiting' });
    expect(within(waiting).getByText('+91 98765 43210')).toBeTruthy();
    expect(within(waiting).getByText('Invited Just now')).toBeTruthy();
    // Not a moderator yet: the moderators list still has only Meena.
    expect(within(screen.getByRole('list', { name: 'Moderators' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('cancels a waiting invitation', async () => {
    const sent: ModeratorInvitation = { id: '00000000-0000-4000-8000-0000000000a1', phone: '+919876543210', displayName: null, invitedAt: ago(5), expiresAt: minutesFromNow(60) };
    const fetchMock = stubFetch((url, init) => (init?.method === 'DELETE' ? { body: { id: sent.id, removed: true } } : undefined));
    renderCard(undefined, [sent]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the invitation to +91 98765 43210' }));
    expect(await findToast('Invitation cancelled')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/sellers/${SELLER_ID}/moderator-invitations/${sent.id}`, expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Invitations waiting' })).toBeNull());
  });

  it('shows an invitation sent from the chat by the name the chat showed, as text', () => {
    stubFetch(() => undefined);
    const { container } = renderCard(undefined, [
      { id: '00000000-0000-4000-8000-0000000000a2', phone: null, displayName: XSS, invitedAt: ago(90), expiresAt: minutesFromNow(60) },
    ]);
    const waiting = screen.getByRole('list', { name: 'Invitations waiting' });
    expect(within(waiting).getByText(XSS)).toBeTruthy();
    expect(within(waiting).getByText('Invited 1 hour ago')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('offers Unban only on the bans the server lets the reader lift', () => {
    stubFetch(() => undefined);
    renderCard();
    expect(screen.getByRole('button', { name: 'Unban Rahul' })).toBeTruthy();
    expect(screen.getByText('Vikram')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unban Vikram' })).toBeNull();
  });

  it('lifts a ban', async () => {
    const fetchMock = stubFetch((url, init) => (init?.method === 'DELETE' ? { body: { userId: bans[0]!.userId, removed: true } } : undefined));
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Unban Rahul' }));
    expect(await findToast('Rahul can chat again')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/sellers/${SELLER_ID}/bans/${bans[0]!.userId}`, expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Unban Rahul' })).toBeNull());
  });

  it('edits the blocked words as chips and saves them together', async () => {
    const fetchMock = stubFetch((url, init) => (init?.method === 'PUT' ? { body: { words: ['fake', 'cash only', 'whatsapp me'] } } : undefined));
    renderCard();
    const save = screen.getByRole('button', { name: 'Save words' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove “scam”' }));
    fireEvent.change(screen.getByLabelText('Word or phrase to block'), { target: { value: 'Cash only, WhatsApp me, fake' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add word' }));
    expect(screen.getByText('3 of 200')).toBeTruthy();
    fireEvent.click(save);
    expect(await findToast('Blocked words saved')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT', '/api/seller/chat-keywords')).toEqual({ words: ['fake', 'Cash only', 'WhatsApp me'] });
    // The server's cleaned list is what shows now.
    expect(screen.getByRole('button', { name: 'Remove “whatsapp me”' })).toBeTruthy();
  });
});
