import { act, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { getNotificationsQueryOptions } from '../api/get-notifications';
import { getUnreadCountQueryOptions } from '../api/get-unread-count';
import { applyUnreadCount } from '../hooks/use-unread-realtime';
import { NotificationsLink } from './notifications-link';

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsLink', () => {
  it('shows the unread count and follows pushed counts', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"count":3}')));
    let client!: QueryClient;
    renderWithProviders(<NotificationsLink />, { seed: (qc) => (client = qc) });
    const link = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(link.textContent).toBe('3');
    // As a notifications_unread push would.
    act(() => applyUnreadCount(client, 120));
    expect((await screen.findByRole('link', { name: 'Notifications, 120 unread' })).textContent).toBe('99+');
    act(() => applyUnreadCount(client, 0));
    expect((await screen.findByRole('link', { name: 'Notifications' })).textContent).toBe('');
  });
});

describe('applyUnreadCount', () => {
  it('refetches a cached list only when it disagrees with the pushed count', () => {
    const client = new QueryClient();
    const list = getNotificationsQueryOptions().queryKey;
    client.setQueryData(list, [{ id: 'a', type: 'follow', title: 't', message: 'm', isRead: false, link: null, createdAt: '' }]);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    applyUnreadCount(client, 1);
    expect(invalidate).not.toHaveBeenCalled();
    expect(client.getQueryData(getUnreadCountQueryOptions().queryKey)).toBe(1);
    applyUnreadCount(client, 2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: list, exact: true });
  });
});
