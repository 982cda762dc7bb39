import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatRole, ChatSettings } from '@live-market/contract/moderation';
import { changeLanguage } from '@/lib/i18n';
import { preloadLazyComponents } from '@/lib/lazy-component';
import { renderWithProviders } from '@/testing/render';
import { setChatRefusal, type ChatRefusalCode } from '../hooks/use-chat-refusal';
import { ChatComposer } from './chat-composer';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const OFF: ChatSettings = { slowModeSeconds: 0, followersOnly: false, linksAllowed: false };

function renderComposer({ role = 'viewer', settings = OFF }: { role?: ChatRole; settings?: ChatSettings } = {}) {
  let client: QueryClient | undefined;
  const onSend = vi.fn(() => true);
  renderWithProviders(<ChatComposer streamId={STREAM_ID} storeName="Jaipur Gems" role={role} settings={settings} onSend={onSend} />, {
    seed: (queryClient) => (client = queryClient),
  });
  const refuse = (code: ChatRefusalCode, retryAfterSeconds?: number) =>
    act(() => {
      setChatRefusal(client!, STREAM_ID, code, retryAfterSeconds);
      // The query cache tells its observers in the next task.
      vi.advanceTimersByTime(0);
    });
  return { onSend, refuse };
}

const sendButton = () => screen.getByRole('button', { name: 'Send' });
// The wording, read with ordinary spaces (a number and its unit are joined by a no-break space).
const notice = () => screen.queryByTestId('chat-refusal')?.textContent?.replace(/\u00a0/g, ' ') ?? null;

// The notice is code-split; loaded first, it renders at once, as on a server-rendered page.
beforeAll(() => preloadLazyComponents());

afterEach(async () => {
  vi.useRealTimers();
  await changeLanguage('en');
});

describe('ChatComposer', () => {
  it('shows each refusal in words of its own, by code', () => {
    vi.useFakeTimers();
    const { refuse } = renderComposer();
    const expected: Array<[ChatRefusalCode, number | undefined, string]> = [
      ['slow_mode', 5, 'Slow mode is on. You can send again in 5 s.'],
      ['muted', 600, "You're timed out. You can chat again in 10:00."],
      ['banned', undefined, "You're banned from this store's chat."],
      ['followers_only', undefined, 'Only followers can chat in this show. Follow Jaipur Gems to join in.'],
      ['link_blocked', undefined, "Links and phone numbers aren't allowed in this chat."],
    ];
    for (const [code, seconds, text] of expected) {
      refuse(code, seconds);
      expect(notice()).toBe(text);
    }
  });

  it('counts slow mode down each second and holds Send until it ends', () => {
    vi.useFakeTimers();
    const { onSend, refuse } = renderComposer({ settings: { ...OFF, slowModeSeconds: 5 } });
    refuse('slow_mode', 3);
    expect(notice()).toBe('Slow mode is on. You can send again in 3 s.');
    expect(sendButton().hasAttribute('disabled')).toBe(true);
    const input = screen.getByRole('textbox', { name: 'Chat message' });
    fireEvent.change(input, { target: { value: 'Price?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1000));
    expect(notice()).toBe('Slow mode is on. You can send again in 2 s.');
    act(() => vi.advanceTimersByTime(2000));
    // At 0 the notice lets the refusal go; the composer hears of it in the next task.
    act(() => vi.advanceTimersByTime(1));
    expect(notice()).toBeNull();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    // The standing hint is back in place of the countdown.
    expect(screen.getByText('Slow mode: 5 s')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Price?');
  });

  it("counts a timeout down in minutes and seconds, in the user's language", async () => {
    await changeLanguage('hi');
    vi.useFakeTimers();
    const { refuse } = renderComposer();
    refuse('muted', 65);
    expect(notice()).toBe('आपको कुछ देर के लिए चैट से रोका गया है। 1:05 बाद फिर चैट कर सकते हैं।');
    act(() => vi.advanceTimersByTime(6000));
    expect(notice()).toBe('आपको कुछ देर के लिए चैट से रोका गया है। 59 सेकंड बाद फिर चैट कर सकते हैं।');
  });

  it('keeps a ban on screen and the box closed', () => {
    vi.useFakeTimers();
    const { refuse } = renderComposer();
    refuse('banned');
    act(() => vi.advanceTimersByTime(60_000));
    expect(notice()).toBe("You're banned from this store's chat.");
    expect((screen.getByRole('textbox', { name: 'Chat message' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('tells viewers about slow mode and followers-only before they send, but not the owner', () => {
    const settings = { slowModeSeconds: 10, followersOnly: true, linksAllowed: false };
    const { unmount } = renderWithProviders(<ChatComposer streamId={STREAM_ID} storeName="Jaipur Gems" role="viewer" settings={settings} onSend={() => true} />);
    expect(screen.getByText('Slow mode: 10 s · Followers only')).toBeTruthy();
    unmount();
    renderWithProviders(<ChatComposer streamId={STREAM_ID} storeName="Jaipur Gems" role="owner" settings={settings} onSend={() => true} />);
    expect(screen.queryByText(/Slow mode/)).toBeNull();
  });
});
