import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { NotFoundRoute } from './not-found';

describe('NotFoundRoute', () => {
  it("reads '404 Page Not Found' and is titled 'Page Not Found'", () => {
    renderWithProviders(<NotFoundRoute />);
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
    expect(document.title).toBe('Page Not Found');
  });
});
