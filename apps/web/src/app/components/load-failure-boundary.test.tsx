import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { LoadFailureBoundary, isChunkLoadError } from './load-failure-boundary';

afterEach(() => vi.restoreAllMocks());

describe('LoadFailureBoundary', () => {
  it('shows the offline screen, with Retry, when a page’s code cannot be fetched (offline before the worker holds it)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Sheet = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/checkout-sheet-x.js')));
    render(
      <LoadFailureBoundary>
        <p>the page</p>
        <Suspense fallback={null}>
          <Sheet />
        </Suspense>
      </LoadFailureBoundary>,
    );
    expect(await screen.findByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('leaves other errors to go on up', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('a bug');
    }
    expect(() =>
      render(
        <LoadFailureBoundary>
          <Broken />
        </LoadFailureBoundary>,
      ),
    ).toThrow('a bug');
  });

  it('knows the chunk errors of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('500: Internal Server Error'))).toBe(false);
  });
});
