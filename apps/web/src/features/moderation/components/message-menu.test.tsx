import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRole, Moderator } from '@live-market/contract/moderation';
import type { ChatMessage } from '@live-market/contract/streams';
import { renderWithProviders } from '@/testing/render';
import { moderationKeys } from '../api/keys';
import { MessageMenu } from './message-menu';
import { ReportSheet } from './report-sheet';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const SELLER_ID = '00000000-0000-4000-8000-0000000000bb';
const OWNER = '00000000-0000-4000-8000-0000000000cc';
const MOD = '00000000-0000-4000-8000-0000000000dd';
const VIEWER = '00000000-0000-4000-8000-0000000000ee';
const XSS = '<img src=x onerror=alert(1)>';

const message = (userId: string, displayName = 'Rahul', text = 'Cheap copies at my shop'): ChatMessage => ({
  id: '00000000-0000-4000-8000-000000000101',
  streamId: STREAM_ID,
  userId,
  displayName,
  message: text,
  createdAt: '2025-01-01T10:00:00.000Z',
});
const moderator: Moderator = { userId: MOD, displayName: 'Meena', phoneEnding: '4321', addedAt: '2025-01-01T09:00:00.000Z' };

/** Answers the moderators list with Meena, and every other request with the handler's answer. */
function stubFetch(handler: (url: string, init?: RequestInit) => { status?: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { status = 200, body } = url.endsWith('/moderators') && !init?.method?.match(/POST|DELETE/) ? { body: [moderator] } : handler(url, init);
    return new Response(JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The menu as the chat panel holds it: open until it closes itself. */
function OpenMenu({ role, userId, line, onOpenChange }: { role: ChatRole; userId: string; line: ChatMessage; onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange(next);
  };
  return <MessageMenu message={line} open={open} onOpenChange={change} streamId={STREAM_ID} sellerId={SELLER_ID} ownerId={OWNER} userId={userId} role={role} />;
}

function renderMenu(role: ChatRole, userId: string, line: ChatMessage) {
  const onOpenChange = vi.fn();
  renderWithProviders(<OpenMenu role={role} userId={userId} line={line} onOpenChange={onOpenChange} />, {
    seed: (client) => client.setQueryData(moderationKeys.moderators(SELLER_ID), [moderator]),
  });
  return onOpenChange;
}

/** A toast shown while the sheet is open or closing (the sheet hides the rest of the page from assistive tech meanwhile). */
async function findToastBehindSheet(text: string) {
  const region = await screen.findByRole('region', { name: /Notifications/, hidden: true });
  return within(region).findByText(text);
}

const actionNames = () =>
  within(screen.getByRole('dialog'))
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? button.textContent)
    .filter((name) => name !== 'Cancel');

afterEach(() => vi.unstubAllGlobals());

describe('MessageMenu', () => {
  it("gives the owner every action on a viewer's line", async () => {
    renderMenu('owner', OWNER, message(VIEWER));
    expect(await screen.findByRole('dialog', { name: 'Rahul' })).toBeTruthy();
    expect(actionNames()).toEqual(['Delete message', 'Timeout 1\u00a0min', 'Timeout 5\u00a0min', 'Timeout 10\u00a0min', 'Timeout 60\u00a0min', 'Invite as moderator', 'Ban from store']);
  });

  it("offers the owner 'Remove as moderator' on a moderator's line", async () => {
    renderMenu('owner', OWNER, message(MOD, 'Meena'));
    await screen.findByRole('dialog', { name: 'Meena' });
    expect(actionNames()).toContain('Remove as moderator');
    expect(actionNames()).not.toContain('Invite as moderator');
  });

  it("lets a moderator delete, time out and ban a viewer, but not appoint anyone", async () => {
    renderMenu('moderator', MOD, message(VIEWER));
    await screen.findByRole('dialog', { name: 'Rahul' });
    expect(actionNames()).toEqual(['Delete message', 'Timeout 1\u00a0min', 'Timeout 5\u00a0min', 'Timeout 10\u00a0min', 'Timeout 60\u00a0min', 'Ban from store']);
  });

  it('tells a moderator that another moderator is out of reach', async () => {
    renderMenu('moderator', '00000000-0000-4000-8000-0000000000ff', message(MOD, 'Meena'));
    expect(await screen.findByText("Meena is a moderator too. Moderators can't act on each other.")).toBeTruthy();
    expect(actionNames()).toEqual([]);
  });

  it('deletes the line and says so', async () => {
    const fetchMock = stubFetch(() => ({ body: { messageId: message(VIEWER).id, deleted: true } }));
    const onOpenChange = renderMenu('owner', OWNER, message(VIEWER));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete message' }));
    expect(await findToastBehindSheet('Message deleted')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/messages/${message(VIEWER).id}`, expect.objectContaining({ method: 'DELETE' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('times the author out for the chosen minutes', async () => {
    const fetchMock = stubFetch(() => ({
      status: 201,
      body: { userId: VIEWER, displayName: 'Rahul', until: '2025-01-01T10:10:00.000Z', createdAt: '2025-01-01T10:00:00.000Z', byName: 'Priya' },
    }));
    renderMenu('owner', OWNER, message(VIEWER));
    fireEvent.click(await screen.findByRole('button', { name: /^Timeout 10\smin$/ }));
    expect(await findToastBehindSheet('Rahul is timed out for 10 min')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === `/api/sellers/${SELLER_ID}/bans`)!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: VIEWER, minutes: 10 });
  });

  it('invites the author to moderate, and says an invitation went out rather than that they moderate', async () => {
    const fetchMock = stubFetch(() => ({
      status: 201,
      body: { id: '00000000-0000-4000-8000-0000000000a1', phone: null, displayName: 'Rahul', invitedAt: '2025-01-01T10:00:00.000Z', expiresAt: '2025-01-08T10:00:00.000Z' },
    }));
    const onOpenChange = renderMenu('owner', OWNER, message(VIEWER));
    fireEvent.click(await screen.findByRole('button', { name: 'Invite as moderator' }));
    expect(await findToastBehindSheet('Invitation sent to Rahul')).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url, call]) => url === `/api/sellers/${SELLER_ID}/moderators` && call?.method === 'POST')!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: VIEWER });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's reason when it refuses", async () => {
    stubFetch(() => ({ status: 403, body: { message: 'Moderators cannot act on each other' } }));
    renderMenu('moderator', MOD, message(VIEWER));
    fireEvent.click(await screen.findByRole('button', { name: 'Ban from store' }));
    expect(await findToastBehindSheet('Moderators cannot act on each other')).toBeTruthy();
    // The sheet stays open for another try.
    expect(screen.getByRole('dialog', { name: 'Rahul' })).toBeTruthy();
  });

  it('shows a stored name and message as text, never as markup', async () => {
    renderMenu('owner', OWNER, message(VIEWER, XSS, XSS));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText(XSS)).toHaveLength(2);
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('ReportSheet', () => {
  it("lets a viewer report someone else's line, confirmed with 'Reported'", async () => {
    const fetchMock = stubFetch(() => ({ status: 201, body: { messageId: message(OWNER).id, reported: true } }));
    const onOpenChange = vi.fn();
    function OpenReport() {
      const [open, setOpen] = useState(true);
      return (
        <ReportSheet
          message={message(OWNER, 'Priya')}
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            onOpenChange(next);
          }}
        />
      );
    }
    renderWithProviders(<OpenReport />);
    const dialog = await screen.findByRole('dialog', { name: 'Priya' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Report message', 'Cancel']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Report message' }));
    expect(await findToastBehindSheet('Reported')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/messages/${message(OWNER).id}/reports`, expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
