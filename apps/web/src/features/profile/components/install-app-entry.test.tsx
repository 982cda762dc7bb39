import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { listenForInstallPrompt } from '@/lib/install-prompt';
import { makeUser, renderWithProviders } from '@/testing/render';
import { ProfileOverview } from './profile-overview';

listenForInstallPrompt(window);

afterEach(async () => {
  cleanup();
  window.dispatchEvent(new Event('appinstalled'));
  await changeLanguage('en');
});

function offer() {
  const prompt = vi.fn(async () => {});
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return prompt;
}

describe('Install app on the profile', () => {
  it('is absent until the browser offers to install, then asks the browser on tap', async () => {
    renderWithProviders(<ProfileOverview user={makeUser()} />);
    expect(screen.queryByRole('button', { name: /Install app/ })).toBeNull();

    const prompt = offer();
    const entry = screen.getByRole('button', { name: /Install app/ });
    expect(entry.textContent).toContain('Add LiveMarket to your home screen');
    await act(async () => {
      fireEvent.click(entry);
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    // The offer is spent: the entry goes until the browser makes a new one.
    expect(screen.queryByRole('button', { name: /Install app/ })).toBeNull();
  });

  it('speaks Tamil', async () => {
    await changeLanguage('ta');
    renderWithProviders(<ProfileOverview user={makeUser()} />);
    offer();
    expect(screen.getByRole('button', { name: /ஆப்பை நிறுவு/ })).toBeTruthy();
  });
});
