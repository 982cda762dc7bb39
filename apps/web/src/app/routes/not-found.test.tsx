import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { NotFoundRoute } from './not-found';

const SHOW = '/stream/00000000-0000-4000-8000-0000000000aa';

describe('NotFoundRoute', () => {
  it("reads '404 Page Not Found' and is titled 'Page Not Found'", () => {
    renderWithProviders(<NotFoundRoute />);
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(document.title).toBe('Page Not Found');
    expect(screen.queryByRole('link', { name: 'Sign in to watch' })).toBeNull();
  });

  it("on a shared show's link, still the not-found page, with 'Sign in to watch' that comes back to the show", () => {
    renderWithProviders(<NotFoundRoute />, { path: SHOW });
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in to watch' });
    expect(signIn.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent(SHOW)}`);
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
  });

  it('offers no sign-in for other paths, nor for what only looks like a show', () => {
    renderWithProviders(<NotFoundRoute />, { path: '/stream/not-a-show' });
    expect(screen.queryByRole('link', { name: 'Sign in to watch' })).toBeNull();
  });
});
