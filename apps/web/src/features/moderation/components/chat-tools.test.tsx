import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSettings, ReportedMessage } from '@live-market/contract/moderation';
import { getWsClient } from '@/lib/ws-connection';
import { renderWithProviders } from '@/testing/render';
import { moderationKeys } from '../api/keys';
import { ChatTools } from './chat-tools';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const SELLER_ID = '00000000-0000-4000-8000-0000000000bb';
const OWNER = '00000000-0000-4000-8000-0000000000cc';
const XSS = '<img src=x onerror=alert(1)>';
const OFF: ChatSettings = { slowModeSeconds: 0, followersOnly: false, linksAllowed: false };

const report = (n: number, displayName: string, message: string, reports: number): ReportedMessage => ({
  messageId: `00000000-0000-4000-8000-00000000010${n}`,
  userId: `00000000-0000-4000-8000-00000000020${n}`,
  displayName,
  message,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  reports,
});
const reports = [report(1, 'Rahul', 'Cheap copies at my shop', 4), report(2, XSS, XSS, 1)];

function stubFetch(handler: (url: string, init?: RequestInit) => { status?: number; body: unknown } | undefined) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = handler(url, init) ?? (url.endsWith('/moderators') ? { body: [] } : { body: reports });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTools(onSettingsSaved = vi.fn()) {
  renderWithProviders(
    <ChatTools streamId={STREAM_ID} sellerId={SELLER_ID} ownerId={OWNER} userId={OWNER} role="owner" settings={OFF} onSettingsSaved={onSettingsSaved} />,
    {
      seed: (client) => {
        client.setQueryData(moderationKeys.reports(STREAM_ID), reports);
        client.setQueryData(moderationKeys.moderators(SELLER_ID), []);
      },
    },
  );
  return onSettingsSaved;
}

async function openTools() {
  fireEvent.click(screen.getByRole('button', { name: 'Chat tools · Reported messages: 2' }));
  return screen.findByRole('dialog', { name: 'Chat tools' });
}

afterEach(() => {
  getWsClient().destroy();
  vi.unstubAllGlobals();
});

describe('ChatTools', () => {
  it('opens on the reported messages, most reported first, shown as text', async () => {
    stubFetch(() => undefined);
    renderTools();
    const sheet = await openTools();
    expect(within(sheet).getByRole('tab', { name: /Reports \(2\)/, selected: true })).toBeTruthy();
    const rows = within(within(sheet).getByRole('list', { name: 'Reports' })).getAllByRole('listitem');
    expect(rows[0]!.textContent).toContain('Cheap copies at my shop');
    expect(within(rows[0]!).getByText('Reports: 4')).toBeTruthy();
    expect(within(rows[1]!).getAllByText(XSS)).toHaveLength(2);
    expect(document.querySelector('img')).toBeNull();
  });

  it('deletes, times out and bans from the report in one tap', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === 'DELETE') return { body: { messageId: reports[0]!.messageId, deleted: true } };
      if (init?.method === 'POST') return { status: 201, body: { userId: reports[0]!.userId, displayName: 'Rahul', until: null, createdAt: new Date().toISOString(), byName: 'Priya' } };
      return undefined;
    });
    renderTools();
    const sheet = await openTools();
    const first = () => within(sheet).getAllByRole('listitem')[0]!;
    fireEvent.click(within(first()).getByRole('button', { name: /^Timeout 10\smin$/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe(`/api/sellers/${SELLER_ID}/bans`);
    expect(JSON.parse(String(post[1]?.body))).toEqual({ userId: reports[0]!.userId, minutes: 10 });
    await waitFor(() => expect(within(first()).getByRole('button', { name: 'Ban' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(first()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(sheet).queryByText('Cheap copies at my shop')).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith(`/api/messages/${reports[0]!.messageId}`, expect.objectContaining({ method: 'DELETE' }));
  });

  it('saves a chat setting at once and hands the saved settings to the page', async () => {
    const saved = { ...OFF, slowModeSeconds: 5 };
    const fetchMock = stubFetch((url, init) => (init?.method === 'PATCH' ? { body: saved } : undefined));
    const onSettingsSaved = renderTools();
    const sheet = await openTools();
    fireEvent.click(within(sheet).getByRole('tab', { name: 'Settings' }));
    fireEvent.click(within(sheet).getByRole('radio', { name: '5\u00a0s' }));
    await waitFor(() => expect(onSettingsSaved).toHaveBeenCalledWith(saved));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toBe(`/api/streams/${STREAM_ID}/chat-settings`);
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ slowModeSeconds: 5 });
    fireEvent.click(within(sheet).getByRole('switch', { name: /Followers only/ }));
    await waitFor(() => expect(JSON.parse(String(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')[1]?.[1]?.body))).toEqual({ followersOnly: true }));
  });

  it('refreshes the reports when the server says they changed', async () => {
    const fetchMock = stubFetch((url, init) => (init === undefined || init.method === 'GET' ? (url.endsWith('/reports') ? { body: [reports[1]] } : undefined) : undefined));
    class FakeSocket {
      static last: FakeSocket | null = null;
      readyState = 0;
      onopen: ((event: Event) => void) | null = null;
      onmessage: ((event: MessageEvent) => void) | null = null;
      onclose: ((event: CloseEvent) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      constructor() {
        FakeSocket.last = this;
      }
      send() {}
      close() {}
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    renderTools();
    // The stream page has joined the room; the tools only listen.
    getWsClient().joinStream(STREAM_ID, OWNER);
    expect(screen.getByRole('button', { name: 'Chat tools · Reported messages: 2' })).toBeTruthy();
    act(() => FakeSocket.last!.onmessage?.({ data: JSON.stringify({ type: 'chat_reports_update', streamId: STREAM_ID }) } as MessageEvent));
    expect(await screen.findByRole('button', { name: 'Chat tools · Reported messages: 1' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(`/api/streams/${STREAM_ID}/reports`, expect.anything());
  });
});
