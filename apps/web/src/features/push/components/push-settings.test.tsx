import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PushSettings } from './push-settings';

/** The settings page: a saved choice comes back as the current user's pushEnabled. */
function Saved({ initially, onSave }: { initially: boolean; onSave: (enabled: boolean) => Promise<unknown> }) {
  const [enabled, setEnabled] = useState(initially);
  return <PushSettings enabled={enabled} onSave={(next) => onSave(next).then(() => setEnabled(next))} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'Notification');
  Reflect.deleteProperty(window, 'PushManager');
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Push notifications setting', () => {
  it('is a switch showing the account’s choice', () => {
    renderWithProviders(<PushSettings enabled onSave={vi.fn()} />);
    const toggle = screen.getByRole('switch', { name: 'Push notifications' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(screen.getByText(/even when LiveMarket is closed/)).toBeTruthy();
  });

  it('switched off, saves pushEnabled false', async () => {
    const onSave = vi.fn(async () => {});
    renderWithProviders(<PushSettings enabled onSave={onSave} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Push notifications' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(false));
  });

  it('switched on, saves pushEnabled true and asks the browser in the same tap', async () => {
    const requestPermission = vi.fn(async () => 'denied' as NotificationPermission);
    vi.stubGlobal('Notification', Object.assign(function Notification() {}, { permission: 'default', requestPermission }));
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => undefined } });
    const onSave = vi.fn(async () => {});
    renderWithProviders(<Saved initially={false} onSave={onSave} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Push notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(true));
    // Refused by the browser: the setting says where to allow them.
    expect(await screen.findByText(/Notifications are blocked for LiveMarket in this browser/)).toBeTruthy();
  });

  it('says off and blocked, with how to allow them, while the browser blocks notifications; on again once allowed', async () => {
    const browser = { permission: 'denied' as NotificationPermission };
    const notification = Object.assign(function Notification() {}, { requestPermission: vi.fn() });
    Object.defineProperty(notification, 'permission', { get: () => browser.permission });
    vi.stubGlobal('Notification', notification);
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => undefined } });
    const onSave = vi.fn(async () => {});
    // The account says on: this browser still gets nothing, so the switch must not say on.
    renderWithProviders(<PushSettings enabled onSave={onSave} />);
    const toggle = screen.getByRole('switch', { name: 'Push notifications' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Blocked in this browser')).toBeTruthy();
    expect(screen.getByText(/tap the lock or ⓘ beside the web address/)).toBeTruthy();
    expect(toggle.getAttribute('aria-describedby')).toContain(screen.getByText('Blocked in this browser').closest('[role="status"]')!.id);

    // Allowed in the site settings, back on the page: the switch shows the account's choice again.
    browser.permission = 'granted';
    fireEvent(window, new Event('focus'));
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(toggle.disabled).toBe(false);
    expect(screen.queryByText('Blocked in this browser')).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('goes back when the save fails', async () => {
    const onSave = vi.fn(async () => Promise.reject(new Error('500: Internal Server Error')));
    renderWithProviders(<PushSettings enabled onSave={onSave} />);
    const toggle = screen.getByRole('switch', { name: 'Push notifications' }) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    await waitFor(() => expect(toggle.checked).toBe(true));
  });
});
