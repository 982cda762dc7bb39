import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@live-market/contract/notifications';
import { findToast, renderWithProviders } from '@/testing/render';
import { getNotificationsQueryOptions } from '../api/get-notifications';
import { getUnreadCountQueryOptions } from '../api/get-unread-count';
import { NotificationsPage } from './notifications-page';

const note = (overrides: Partial<Notification>): Notification => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  type: 'stream_start',
  title: "Priya's Store is live now!",
  message: 'Bridal sets, live',
  isRead: false,
  link: '/stream/00000000-0000-4000-8000-0000000000ff',
  createdAt: new Date().toISOString(),
  ...overrides,
});
const live = note({});
const shipped = note({ id: '00000000-0000-4000-8000-0000000000a2', type: 'order_update', title: 'Shipped', message: 'On its way', link: '/orders', createdAt: new Date(Date.now() - 2 * 3600_000).toISOString() });
const old = note({ id: '00000000-0000-4000-8000-0000000000a3', type: 'system', title: 'Welcome', message: 'Hello', isRead: true, link: null });

function setup(items: Notification[], status = 200) {
  const fetchMock = vi.fn(async () => (status >= 400 ? new Response('{"message":"nope"}', { status }) : new Response('{}', { status })));
  vi.stubGlobal('fetch', fetchMock);
  let client: QueryClient | undefined;
  const result = renderWithProviders(<NotificationsPage />, {
    path: '/notifications',
    seed: (qc) => {
      client = qc;
      qc.setQueryData(getNotificationsQueryOptions().queryKey, items);
      qc.setQueryData(getUnreadCountQueryOptions().queryKey, items.filter((n) => !n.isRead).length);
    },
  });
  return { ...result, fetchMock, unread: () => client!.getQueryData(getUnreadCountQueryOptions().queryKey) };
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage', () => {
  it("shows 'No Notifications' with an Explore link", () => {
    setup([]);
    expect(screen.getByRole('heading', { name: 'No Notifications' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore' }).getAttribute('href')).toBe('/streams');
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();
  });

  it("shows the unread badge, an icon per type, 'Just now' or the relative time, and a dot on unread items", () => {
    setup([live, shipped, old]);
    expect(screen.getByText('2 unread')).toBeTruthy();
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('[data-type]')?.getAttribute('data-type'))).toEqual(['stream_start', 'order_update', 'default']);
    expect(within(items[0]!).getByText('Just now')).toBeTruthy();
    expect(within(items[1]!).getByText('2 hours ago')).toBeTruthy();
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(2);
    expect(within(items[2]!).queryByRole('button', { name: /as read/ })).toBeNull();
  });

  it('marks one read with its check button', async () => {
    const { fetchMock, unread } = setup([live, shipped]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark "Shipped" as read' }));
    await waitFor(() => expect(screen.getAllByTestId('unread-dot')).toHaveLength(1));
    expect(unread()).toBe(1);
    expect(fetchMock).toHaveBeenCalledWith(`/api/notifications/${shipped.id}/read`, expect.objectContaining({ method: 'PATCH' }));
  });

  it('marks an unread item read when tapped, then follows its link', async () => {
    const { fetchMock, location } = setup([live, shipped]);
    fireEvent.click(screen.getByRole('button', { name: /^Shipped/ }));
    await waitFor(() => expect(location()).toBe('/orders'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith(`/api/notifications/${shipped.id}/read`, expect.objectContaining({ method: 'PATCH' })));
  });

  it("marks all read and says 'All notifications marked as read'", async () => {
    const { fetchMock, unread } = setup([live, shipped, old]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark All Read' }));
    await findToast('All notifications marked as read');
    expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).toBeNull();
    expect(unread()).toBe(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/notifications/read-all', expect.objectContaining({ method: 'PATCH' }));
  });

  it('puts the dot back when marking read fails', async () => {
    setup([live], 500);
    fireEvent.click(screen.getByRole('button', { name: `Mark "${live.title}" as read` }));
    await findToast('Could not mark as read. Please try again.');
    expect(screen.getAllByTestId('unread-dot')).toHaveLength(1);
  });
});
