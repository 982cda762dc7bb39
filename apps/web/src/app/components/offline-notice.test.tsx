import { act, screen } from '@testing-library/react';
import { onlineManager, useQuery, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { makeUser, renderWithProviders } from '@/testing/render';
import { OfflineNotice } from './offline-notice';

afterEach(async () => {
  act(() => onlineManager.setOnline(true));
  await changeLanguage('en');
});

function Orders() {
  const { data } = useQuery<unknown[]>({ queryKey: ['/api/orders'] });
  return <p>{data ? `${data.length} orders` : 'loading'}</p>;
}

const withOrders = { user: makeUser(), seed: (client: QueryClient) => client.setQueryData(['/api/orders'], [1, 2]) };

describe('OfflineNotice', () => {
  it("says \"You're offline\" over a page showing what it loaded before, and goes when back online", () => {
    renderWithProviders(
      <>
        <Orders />
        <OfflineNotice />
      </>,
      { ...withOrders, path: '/orders' },
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('2 orders')).toBeTruthy();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain("You're offline");
    expect(notice.textContent).toContain("Showing what was saved. It updates when you're back online.");
    // Toasts on phones move up above it.
    expect(document.documentElement.style.getPropertyValue('--offline-notice-h')).not.toBe('');
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--offline-notice-h')).toBe('');
  });

  it('speaks the reader’s language', async () => {
    await changeLanguage('bn');
    renderWithProviders(<OfflineNotice />, { user: makeUser(), path: '/profile' });
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toContain('আপনি অফলাইনে আছেন');
  });

  it('leaves the stream page to its chat, where the strip would cover the input', () => {
    renderWithProviders(<OfflineNotice />, { user: makeUser(), path: '/stream/00000000-0000-4000-8000-0000000000aa' });
    act(() => onlineManager.setOnline(false));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
