import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter } from '../router';
import { makeUser, renderWithProviders } from '@/testing/render';

// Issue 28, item 5: the profile leads operators, and only them, to /admin.
afterEach(() => vi.unstubAllGlobals());

describe('the profile’s way into the console', () => {
  it('is there for an operator only', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message: 'Not Found' }, { status: 404 })));
    const { unmount } = renderWithProviders(<AppRouter />, { user: makeUser({ firstName: 'Asha', isOperator: true }), path: '/profile' });
    expect((await screen.findByRole('link', { name: /Operator console/ })).getAttribute('href')).toBe('/admin');
    unmount();
    renderWithProviders(<AppRouter />, { user: makeUser(), path: '/profile' });
    await screen.findByRole('link', { name: /Help & complaints/ });
    expect(screen.queryByRole('link', { name: /Operator console/ })).toBeNull();
  });
});
