import { afterEach, describe, expect, it, vi } from 'vitest';
import { canInstall, listenForInstallPrompt, promptInstall, subscribeInstallPrompt } from './install-prompt';

/** What Chromium fires when the app can be installed: cancelable, with prompt() and userChoice. */
function offerEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

// One listener for the whole file, as at startup.
listenForInstallPrompt(window);

afterEach(() => window.dispatchEvent(new Event('appinstalled')));

describe('the install offer', () => {
  it('is kept from the browser (no mini-infobar) until the person asks, and used only once', async () => {
    expect(canInstall()).toBe(false);
    const changed = vi.fn();
    const stop = subscribeInstallPrompt(changed);
    const { event, prompt } = offerEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(canInstall()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);

    await expect(promptInstall()).resolves.toBe('accepted');
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(canInstall()).toBe(false);
    await expect(promptInstall()).resolves.toBe('unavailable');
    expect(prompt).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reports a refusal, and goes away once the app is installed some other way', async () => {
    window.dispatchEvent(offerEvent('dismissed').event);
    await expect(promptInstall()).resolves.toBe('dismissed');
    window.dispatchEvent(offerEvent('accepted').event);
    expect(canInstall()).toBe(true);
    window.dispatchEvent(new Event('appinstalled'));
    expect(canInstall()).toBe(false);
  });
});
