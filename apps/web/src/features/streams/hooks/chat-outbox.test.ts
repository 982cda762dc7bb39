import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_ACK_TIMEOUT_MS, CHAT_QUEUE_MAX_MS, ChatOutbox } from './chat-outbox';

// The outbox on its own: a fake connection that is open or not, a browser online or not, and time.
let open: boolean;
let online: boolean;
let sent: Array<[string, string]>;
let ids: number;

function makeOutbox() {
  const outbox = new ChatOutbox({ now: () => Date.now(), isOnline: () => online, newId: () => `id-${++ids}` });
  outbox.setTransport((clientId, text) => {
    if (!open) return false;
    sent.push([clientId, text]);
    return true;
  });
  return outbox;
}

beforeEach(() => {
  vi.useFakeTimers();
  open = true;
  online = true;
  sent = [];
  ids = 0;
});
afterEach(() => vi.useRealTimers());

describe('ChatOutbox', () => {
  it('shows a line as sending at once and sends it when the connection is back, under the same clientId', () => {
    open = false;
    const outbox = makeOutbox();
    outbox.add('Is COD available?');
    expect(outbox.getLines()).toEqual([{ clientId: 'id-1', text: 'Is COD available?', state: 'sending' }]);
    expect(sent).toEqual([]);
    open = true;
    outbox.resend();
    expect(sent).toEqual([['id-1', 'Is COD available?']]);
    // Answered: the line gives way to the server's.
    outbox.confirm('id-1');
    expect(outbox.getLines()).toEqual([]);
    outbox.resend();
    expect(sent).toHaveLength(1);
  });

  it('sends a line that went out before a reconnect again with its clientId, so the server keeps one', () => {
    const outbox = makeOutbox();
    outbox.add('Price?');
    outbox.resend();
    expect(sent).toEqual([
      ['id-1', 'Price?'],
      ['id-1', 'Price?'],
    ]);
    expect(outbox.getLines()).toHaveLength(1);
  });

  it('marks a line not answered within 10 s as not sent; Retry sends it again under the same clientId', () => {
    const outbox = makeOutbox();
    outbox.add('Hello');
    vi.advanceTimersByTime(CHAT_ACK_TIMEOUT_MS - 1);
    expect(outbox.getLines()[0]?.state).toBe('sending');
    vi.advanceTimersByTime(1);
    expect(outbox.getLines()[0]?.state).toBe('failed');
    // Failed lines wait for the person: a reconnect does not send them on its own.
    outbox.resend();
    expect(sent).toHaveLength(1);
    outbox.retry('id-1');
    expect(outbox.getLines()[0]?.state).toBe('sending');
    expect(sent).toEqual([
      ['id-1', 'Hello'],
      ['id-1', 'Hello'],
    ]);
  });

  it('offline, keeps a line sending for up to a minute even on a socket that looks open', () => {
    online = false;
    const outbox = makeOutbox();
    outbox.add('Namaste');
    vi.advanceTimersByTime(CHAT_ACK_TIMEOUT_MS * 2);
    expect(outbox.getLines()[0]?.state).toBe('sending');
    vi.advanceTimersByTime(CHAT_QUEUE_MAX_MS - CHAT_ACK_TIMEOUT_MS * 2);
    expect(outbox.getLines()[0]?.state).toBe('failed');
  });

  it('takes a refused line out, and marks a line the server answered with an error as not sent', () => {
    const outbox = makeOutbox();
    outbox.add('one');
    outbox.add('two');
    outbox.remove('id-1');
    outbox.fail('id-2');
    expect(outbox.getLines()).toEqual([{ clientId: 'id-2', text: 'two', state: 'failed' }]);
  });

  it('tells its listeners of every change', () => {
    const outbox = makeOutbox();
    const listener = vi.fn();
    outbox.subscribe(listener);
    outbox.add('hi');
    const before = listener.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    const snapshot = outbox.getLines();
    outbox.confirm('id-1');
    expect(listener.mock.calls.length).toBeGreaterThan(before);
    expect(outbox.getLines()).not.toBe(snapshot);
  });
});
