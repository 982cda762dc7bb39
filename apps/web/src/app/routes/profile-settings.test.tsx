import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n } from '@/lib/i18n';
import { makeUser, renderWithProviders } from '@/testing/render';
import { AppRouter } from '../router';

afterEach(async () => {
  await changeLanguage('en');
});

describe('/profile/settings', () => {
  it('offers the language choice, in each language’s own script, and switching it changes the app (issue 25)', async () => {
    renderWithProviders(<AppRouter />, { path: '/profile/settings', user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Language' })).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toContain('বাংলা');
    fireEvent.change(picker, { target: { value: 'bn' } });
    await waitFor(() => expect(i18n.language).toBe('bn'));
    expect(await screen.findByRole('heading', { name: 'ভাষা' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('bn');
  });

  it('offers a download of everything held about the user (issue 28)', async () => {
    renderWithProviders(<AppRouter />, { path: '/profile/settings', user: makeUser() });
    const link = await screen.findByRole('link', { name: 'Download my data' });
    expect(link.getAttribute('href')).toBe('/api/me/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('deletes the account only after a tick, and shows what to settle first when the server says so', async () => {
    const message = 'You have orders still under way. Delete your account once they have arrived or been cancelled.';
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => (init?.method === 'POST' && url === '/api/me/delete' ? Response.json({ message }, { status: 409 }) : Response.json({})));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AppRouter />, { path: '/profile/settings', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const sheet = await screen.findByRole('dialog', { name: 'Delete your account' });
    const erase = within(sheet).getByRole('button', { name: 'Delete my account' });
    expect(erase.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(sheet).getByRole('checkbox', { name: 'I understand this cannot be undone' }));
    fireEvent.click(erase);
    expect(await within(sheet).findByRole('alert')).toHaveProperty('textContent', message);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(post[1]!.body as string)).toEqual({ confirm: true });
    vi.unstubAllGlobals();
  });
});
