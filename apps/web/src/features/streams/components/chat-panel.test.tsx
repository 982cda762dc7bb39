import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerMessage } from '@live-market/contract/realtime';
import type { ChatMessage, StreamDetail } from '@live-market/contract/streams';
import { getWsClient } from '@/lib/ws-connection';
import { makeEndedStream, renderWithProviders } from '@/testing/render';
import { getStreamQueryOptions, useStream } from '../api/get-stream';
import { getStreamMessagesQueryOptions } from '../api/get-stream-messages';
import { clearChatOutboxes } from '../hooks/chat-outbox';
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
  /** The clientId of the last chat line sent (issue 25: the server's answers name it). */
  lastClientId(): string {
    const chat = this.sent.filter((m) => (m as { type: string }).type === 'chat_message').at(-1) as { clientId: string } | undefined;
    if (!chat) throw new Error('no chat line was sent');
    return chat.clientId;
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
  clearChatOutboxes();
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
    socket.serverSends({ type: 'chat_error', streamId: STREAM_ID, code: 'link_blocked', message: 'server words', clientId: socket.lastClientId() });
    await waitFor(() => expect(words()).toBe("Links and phone numbers aren't allowed in this chat."));
    expect(input().value).toBe('call me on 98765 43210');
    // Refused: the line is back in the box, not also waiting in the chat.
    expect(within(log()).queryByText('call me on 98765 43210')).toBeNull();

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
    socket.serverSends({ type: 'new_chat_message', message: held, clientId: socket.lastClientId() });
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

describe('ChatPanel on a weak network (issue 25)', () => {
  const pending = () => within(log()).queryAllByText('Is COD available?');

  it('shows a line typed while the connection is down as "Sending…", sends it once it opens, and shows the real line once', async () => {
    renderChat();
    // The socket has not opened yet: the line waits, on screen.
    await waitFor(() => expect(FakeSocket.all.length).toBe(1));
    send('Is COD available?');
    expect(input().value).toBe('');
    expect(pending()).toHaveLength(1);
    expect(within(log()).getByText('Sending…')).toBeTruthy();

    const socket = await openSocket();
    const chats = () => socket.sent.filter((m) => (m as { type: string }).type === 'chat_message');
    // Joined first, then the line, under its clientId.
    expect((socket.sent[0] as { type: string }).type).toBe('join_stream');
    expect(chats()).toEqual([{ type: 'chat_message', streamId: STREAM_ID, userId: USER_ID, message: 'Is COD available?', clientId: expect.any(String) }]);

    const saved = { ...line('8', USER_ID, 'Asha', 'Is COD available?'), id: '00000000-0000-4000-8000-000000000188' };
    socket.serverSends({ type: 'new_chat_message', message: saved, clientId: socket.lastClientId() });
    // The same answer again (a resend's): still one line.
    socket.serverSends({ type: 'new_chat_message', message: saved, clientId: socket.lastClientId() });
    await waitFor(() => expect(within(log()).queryByText('Sending…')).toBeNull());
    expect(pending()).toHaveLength(1);
  });

  it('says "Not sent" with Retry when the server answers the line with an error; Retry sends the same line again', async () => {
    renderChat();
    const socket = await openSocket();
    send('Is COD available?');
    const clientId = socket.lastClientId();
    socket.serverSends({ type: 'error', message: 'Slow down: at most 5 messages every 10 seconds', clientId });
    expect(await within(log()).findByText('Not sent')).toBeTruthy();
    fireEvent.click(within(log()).getByRole('button', { name: 'Retry' }));
    expect(within(log()).getByText('Sending…')).toBeTruthy();
    expect(socket.lastClientId()).toBe(clientId);
    expect(socket.sent.filter((m) => (m as { type: string }).type === 'chat_message')).toHaveLength(2);
    // Or the person lets it go.
    socket.serverSends({ type: 'error', message: 'This stream has ended', clientId });
    fireEvent.click(await within(log()).findByRole('button', { name: 'Discard this message' }));
    expect(pending()).toHaveLength(0);
  });
});

describe('ChatPanel with a slow history (issue 25)', () => {
  it("keeps one's own line when the history answers after the line's echo", async () => {
    let answer: (lines: ChatMessage[]) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Promise<Response>((resolve) => (answer = (lines) => resolve(new Response(JSON.stringify(lines)))))),
    );
    renderWithProviders(<LiveChat />, { seed: (client) => client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, stream) });
    const socket = await openSocket();
    send('Is COD available?');
    const saved = { ...line('7', USER_ID, 'Asha', 'Is COD available?'), id: '00000000-0000-4000-8000-000000000177', createdAt: '2025-01-01T10:05:00.000Z' };
    socket.serverSends({ type: 'new_chat_message', message: saved, clientId: socket.lastClientId() });
    // The history was asked for before the line was saved: it does not have it.
    await act(async () => answer([line('1', RAHUL, 'Rahul', 'Is this pure silk?')]));
    await waitFor(() => expect(within(log()).getByText('Is this pure silk?')).toBeTruthy());
    expect(within(log()).getAllByText('Is COD available?')).toHaveLength(1);
    expect(within(log()).queryByText('Sending…')).toBeNull();
  });
});
