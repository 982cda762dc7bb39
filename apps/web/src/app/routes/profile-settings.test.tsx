import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
