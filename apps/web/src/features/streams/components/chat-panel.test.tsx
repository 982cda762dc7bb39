import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@live-market/contract/realtime';
import type { ChatMessage, StreamDetail } from '@live-market/contract/streams';
import { getWsClient } from '@/lib/ws-client';
import { makeEndedStream, renderWithProviders } from '@/testing/render';
import { getStreamQueryOptions, useStream } from '../api/get-stream';
import { getStreamMessagesQueryOptions } from '../api/get-stream-messages';
import { useStreamLive } from '../hooks/use-stream-live';
import { ChatPanel, type ChatModeration } from './chat-panel';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const USER_ID = '00000000-0000-4000-8000-000000000001';
const RAHUL = '00000000-0000-4000-8000-000000000002';
const XSS = '<img src=x onerror=alert(1)>';

const stream: StreamDetail = { ...makeEndedStream({ id: STREAM_ID }), isLive: true, endedAt: null };
const line = (id: string, userId: string, displayName: string, message: string): ChatMessage => ({
  id: `00000000-0000-4000-8000-00000000010${id}`,
  streamId: STREAM_ID,
  userId,
  displayName,
  message,
  createdAt: '2025-01-01T10:00:00.000Z',
});
const history = [line('1', RAHUL, 'Rahul', 'Is this pure silk?'), line('2', RAHUL, XSS, XSS), line('3', USER_ID, 'Asha', 'Looks lovely')];

// The tab's real-time connection, played by the test: it opens when the page joins the room.
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

/** The stream page's chat as the page wires it: the room's messages go through useStreamLive into the cache. */
function LiveChat({ moderation }: { moderation?: ChatModeration }) {
  const { data } = useStream(STREAM_ID);
  const live = useStreamLive({ stream: data ?? stream, userId: USER_ID, isOwner: false });
  const current = data ?? stream;
  return (
    <ChatPanel
      streamId={STREAM_ID}
      isLive
      status="open"
      onSend={live.sendChat}
      storeName={current.seller.storeName}
      role={current.chatRole}
      settings={current.chatSettings}
      moderation={moderation}
      follow={<button type="button">Follow</button>}
    />
  );
}

function renderChat(moderation?: ChatModeration) {
  return renderWithProviders(<LiveChat moderation={moderation} />, {
    seed: (client) => {
      client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, stream);
      client.setQueryData(getStreamMessagesQueryOptions(STREAM_ID).queryKey, history);
    },
  });
}

const log = () => screen.getByRole('log', { name: 'Chat messages' });
const input = () => screen.getByRole('textbox', { name: 'Chat message' }) as HTMLInputElement;
const send = (text: string) => {
  fireEvent.change(input(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
};

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  getWsClient().destroy();
  vi.unstubAllGlobals();
});

describe('ChatPanel', () => {
  it('shows stored names and messages as text, never as markup', () => {
    const { container } = renderChat();
    expect(within(log()).getAllByText(XSS)).toHaveLength(2);
    expect(container.querySelector('img')).toBeNull();
  });

  it("takes a deleted message off the screen as soon as the room says so", async () => {
    renderChat();
    const socket = await openSocket();
    expect(within(log()).getByText('Is this pure silk?')).toBeTruthy();
    socket.serverSends({ type: 'chat_message_deleted', streamId: STREAM_ID, messageId: history[0]!.id });
    await waitFor(() => expect(within(log()).queryByText('Is this pure silk?')).toBeNull());
    expect(within(log()).getByText('Looks lovely')).toBeTruthy();
  });

  it('opens the menu for the lines moderation allows, and closes it when that line is deleted', async () => {
    const renderMenu = vi.fn(({ message, open }: { message: ChatMessage; open: boolean }) => (open ? <div role="dialog" aria-label={`Menu for ${message.displayName}`} /> : null));
    renderChat({ canSelect: (l) => l.userId !== USER_ID, renderMenu });
    const socket = await openSocket();
    // Your own line is not a button.
    expect(screen.queryByRole('button', { name: /Looks lovely/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Is this pure silk\?/ }));
    expect(screen.getByRole('dialog', { name: 'Menu for Rahul' })).toBeTruthy();
    socket.serverSends({ type: 'chat_message_deleted', streamId: STREAM_ID, messageId: history[0]!.id });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu for Rahul' })).toBeNull());
  });

  it("says why a line was refused, by the refusal's code, and gives the text back", async () => {
    renderChat();
    const socket = await openSocket();
    send('call me on 98765 43210');
    expect(input().value).toBe('');
    const refusal = () => screen.getByTestId('chat-refusal');
    const words = () => refusal().textContent?.replace(/\u00a0/g, ' ');
    // The server's own words are not shown: the web's catalog has the text for each code.
    socket.serverSends({ type: 'chat_error', streamId: STREAM_ID, code: 'link_blocked', message: 'server words' });
    await waitFor(() => expect(words()).toBe("Links and phone numbers aren't allowed in this chat."));
    expect(input().value).toBe('call me on 98765 43210');

    socket.serverSends({ type: 'chat_error', streamId: STREAM_ID, code: 'followers_only', message: 'server words' });
    await waitFor(() => expect(words()).toContain('Only followers can chat in this show. Follow Varanasi Weaves to join in.'));
    expect(within(refusal()).getByRole('button', { name: 'Follow' })).toBeTruthy();

    socket.serverSends({ type: 'chat_error', streamId: STREAM_ID, code: 'muted', message: 'server words', retryAfterSeconds: 300 });
    await waitFor(() => expect(words()).toMatch(/^You're timed out\. You can chat again in (5:00|4:59)\.$/));
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);

    socket.serverSends({ type: 'chat_error', streamId: STREAM_ID, code: 'banned', message: 'server words' });
    await waitFor(() => expect(words()).toBe("You're banned from this store's chat."));
    expect(input().disabled).toBe(true);
  });

  it('shows a held line to its sender as sent, with no error', async () => {
    renderChat();
    const socket = await openSocket();
    send('buy outside the app');
    const held = { ...line('9', USER_ID, 'Asha', 'buy outside the app'), id: '00000000-0000-4000-8000-000000000199' };
    socket.serverSends({ type: 'new_chat_message', message: held });
    socket.serverSends({ type: 'chat_error', streamId: STREAM_ID, code: 'held', message: 'Your message is waiting for review' });
    expect(await within(log()).findByText('buy outside the app')).toBeTruthy();
    expect(screen.queryByTestId('chat-refusal')).toBeNull();
    expect(input().value).toBe('');
  });

  it('tells viewers about slow mode and followers-only as soon as they are turned on', async () => {
    renderChat();
    const socket = await openSocket();
    expect(screen.queryByText(/Slow mode/)).toBeNull();
    socket.serverSends({ type: 'chat_settings_update', streamId: STREAM_ID, chatSettings: { slowModeSeconds: 5, followersOnly: true, linksAllowed: false } });
    expect(await screen.findByText('Slow mode: 5 s · Followers only')).toBeTruthy();
  });

  it('ignores messages about another stream', async () => {
    renderChat();
    const socket = await openSocket();
    socket.serverSends({ type: 'chat_message_deleted', streamId: '00000000-0000-4000-8000-0000000000ff', messageId: history[0]!.id });
    socket.serverSends({ type: 'chat_error', streamId: '00000000-0000-4000-8000-0000000000ff', code: 'banned', message: 'x' });
    // A message this stream did get, to know the others would have arrived by now.
    socket.serverSends({ type: 'chat_message_deleted', streamId: STREAM_ID, messageId: history[2]!.id });
    await waitFor(() => expect(within(log()).queryByText('Looks lovely')).toBeNull());
    expect(within(log()).getByText('Is this pure silk?')).toBeTruthy();
    expect(screen.queryByTestId('chat-refusal')).toBeNull();
  });
});
