import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { LandingHero } from './landing-hero';

afterEach(() => vi.unstubAllGlobals());

function stubLocation() {
  const location = { href: 'http://localhost/' };
  vi.stubGlobal('location', location);
  return location;
}

describe('LandingHero', () => {
  it("'Become a Seller' signs in and comes back to the store form, not to home (issue 25)", () => {
    const location = stubLocation();
    renderWithProviders(<LandingHero />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Become a Seller' }));
    expect(location.href).toBe('/api/login?returnTo=%2Fbecome-seller');
  });

  it("'Start Shopping Live' signs in and comes back home", () => {
    const location = stubLocation();
    renderWithProviders(<LandingHero />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Start Shopping Live' }));
    expect(location.href).toBe('/api/login');
  });
});
