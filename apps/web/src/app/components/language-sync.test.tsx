import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { makeUser, renderWithProviders } from '@/testing/render';
import { LanguageSync } from './language-sync';

function stubProfile() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/auth/profile') return new Response(JSON.stringify({ ...makeUser(), ...JSON.parse(String(init?.body)) }), { status: 200 });
    return new Response('[]', { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const patches = (fetchMock: ReturnType<typeof stubProfile>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/auth/profile' && init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init!.body)));

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
  window.localStorage.removeItem('language-unsaved');
});

describe('LanguageSync', () => {
  it("switches to the account's language when it differs from this device's, without saving it back", async () => {
    const fetchMock = stubProfile();
    renderWithProviders(<LanguageSync />, { user: makeUser({ language: 'ta' }) });
    await waitFor(() => expect(i18n.language).toBe('ta'));
    expect(document.documentElement.lang).toBe('ta');
    expect(document.cookie).toContain('language=ta');
    expect(patches(fetchMock)).toEqual([]);
  });

  it("saves this device's language on an account that never chose one", async () => {
    await changeLanguage('bn');
    const fetchMock = stubProfile();
    renderWithProviders(<LanguageSync />, { user: makeUser({ language: null }) });
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ language: 'bn' }]));
  });

  it('saves a language chosen in the app on the account', async () => {
    const fetchMock = stubProfile();
    renderWithProviders(<LanguageSync />, { user: makeUser({ language: 'en' }) });
    await act(() => changeLanguage('ml'));
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ language: 'ml' }]));
  });

  it('keeps a choice the account never heard of (a reload before the save landed) and saves it on the next load', async () => {
    // The save is cut off: the page went away, or the phone is offline.
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const first = renderWithProviders(<LanguageSync />, { user: makeUser({ language: 'en' }) });
    await act(() => changeLanguage('ml'));
    await waitFor(() => expect(window.localStorage.getItem('language-unsaved')).toMatch(/:ml$/));
    first.unmount();

    // The next load: the account still says English, this device chose Malayalam.
    const fetchMock = stubProfile();
    renderWithProviders(<LanguageSync />, { user: makeUser({ language: 'en' }) });
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ language: 'ml' }]));
    expect(i18n.language).toBe('ml');
    await waitFor(() => expect(window.localStorage.getItem('language-unsaved')).toBeNull());
  });

  it("another account's unsaved choice on this phone is not applied to this one", async () => {
    window.localStorage.setItem('language-unsaved', '00000000-0000-4000-8000-0000000000ff:ml');
    window.localStorage.setItem('language', 'ml');
    const fetchMock = stubProfile();
    renderWithProviders(<LanguageSync />, { user: makeUser({ language: 'ta' }) });
    await waitFor(() => expect(i18n.language).toBe('ta'));
    expect(patches(fetchMock)).toEqual([]);
  });

  it('saves nothing for a visitor who is signed out', async () => {
    const fetchMock = stubProfile();
    renderWithProviders(<LanguageSync />, { user: null });
    await act(() => changeLanguage('gu'));
    expect(patches(fetchMock)).toEqual([]);
  });

  it('follows a language chosen in another tab, and the account keeps it', async () => {
    const fetchMock = stubProfile();
    renderWithProviders(<LanguageSync />, { user: makeUser({ language: 'en' }) });
    // Another tab stored its choice: this one hears of it as a storage event.
    window.localStorage.setItem('language', 'ta');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'language', newValue: 'ta' })));
    await waitFor(() => expect(i18n.language).toBe('ta'));
    expect(document.documentElement.lang).toBe('ta');
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ language: 'ta' }]));
    // Something else stored, or a value that is not a language: nothing changes.
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'language', newValue: 'xx' })));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'videoQuality', newValue: 'hi' })));
    expect(i18n.language).toBe('ta');
  });

  it("signed out, applies this device's stored choice over the language the page came in", async () => {
    stubProfile();
    await changeLanguage('kn');
    await i18n.changeLanguage('en');
    renderWithProviders(<LanguageSync />, { user: null });
    await waitFor(() => expect(i18n.language).toBe('kn'));
  });
});

describe('changeLanguage', () => {
  it('tells the server before the change is announced, so text refetched then comes in the new language', async () => {
    let cookieWhenAnnounced = '';
    const listener = () => (cookieWhenAnnounced = document.cookie);
    i18n.on('languageChanged', listener);
    try {
      await changeLanguage('mr');
    } finally {
      i18n.off('languageChanged', listener);
    }
    expect(cookieWhenAnnounced).toContain('language=mr');
  });

  it('applies the last choice made, whichever catalog arrives last', async () => {
    // Punjabi's catalogs come slowly, Telugu's at once.
    vi.stubGlobal('fetch', async (url: string) => {
      if (/\/pa[-.]/.test(url)) await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response('{}', { status: 200 });
    });
    const first = changeLanguage('pa');
    const second = changeLanguage('te');
    await Promise.all([first, second]);
    expect(i18n.language).toBe('te');
    expect(document.documentElement.lang).toBe('te');
  });
});
