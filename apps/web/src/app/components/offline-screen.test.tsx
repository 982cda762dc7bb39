import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { SHOWS_WITHOUT } from '@/lib/offline';
import { makeUser, renderWithProviders } from '@/testing/render';
import { OfflineGate } from './offline-screen';

afterEach(async () => {
  cleanup();
  act(() => onlineManager.setOnline(true));
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

function Orders() {
  const { data } = useQuery<unknown[]>({ queryKey: ['/api/orders'] });
  return <p>{data ? `${data.length} orders` : 'loading'}</p>;
}

function RunningDeal() {
  const { data } = useQuery<string>({ queryKey: ['/api/streams', 's1', 'deal', 'active'], meta: SHOWS_WITHOUT });
  return <p>{data ?? 'no deal yet'}</p>;
}

describe('OfflineGate', () => {
  it("does not cover a page for what it shows fine without (a show's deal, auction, poll or quiz)", async () => {
    const fetchMock = vi.fn(async () => new Response('null', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <>
        <Orders />
        <RunningDeal />
        <OfflineGate />
      </>,
      { user: makeUser(), seed: (client) => client.setQueryData(['/api/orders'], [1]) },
    );
    expect(await screen.findByText('no deal yet')).toBeTruthy();
    expect(screen.getByText('1 orders')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays away online, and offline while the page has what it needs', () => {
    renderWithProviders(
      <>
        <Orders />
        <OfflineGate />
      </>,
      { user: makeUser(), seed: (client) => client.setQueryData(['/api/orders'], [1, 2]) },
    );
    act(() => onlineManager.setOnline(false));
    expect(screen.getByText('2 orders')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('covers a page whose data waits for the network, with Retry reloading, and lifts when back online', async () => {
    const fetchMock = vi.fn(async () => new Response('[]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <>
        <Orders />
        <OfflineGate />
      </>,
      { user: makeUser() },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("You're offline");
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalledTimes(1);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('0 orders')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks Hindi', async () => {
    await changeLanguage('hi');
    act(() => onlineManager.setOnline(false));
    renderWithProviders(
      <>
        <Orders />
        <OfflineGate />
      </>,
      { user: makeUser() },
    );
    expect(await screen.findByRole('heading', { name: 'आप ऑफ़लाइन हैं' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
  });
});
