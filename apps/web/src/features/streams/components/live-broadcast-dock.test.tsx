import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getWsClient } from '@/lib/ws-connection';
import { signOut } from '@/lib/session';
import { makeEndedStream, renderWithProviders } from '@/testing/render';
import { getStreamQueryOptions } from '../api/get-stream';
import { getBroadcast, startBroadcast, stopBroadcast } from '../media/live-broadcast';
import { LiveBroadcastDock } from './live-broadcast-dock';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const USER_ID = '00000000-0000-4000-8000-0000000000cc';
// Live for 12 minutes 5 seconds, 42 watching.
const startedAt = () => new Date(Date.now() - (12 * 60 + 5) * 1000).toISOString();

function fakeCamera() {
  const track = { kind: 'video', readyState: 'live', stop: vi.fn(), getSettings: () => ({}) };
  const stream = Object.assign(new MediaStream(), { getVideoTracks: () => [track], getAudioTracks: () => [], getTracks: () => [track] });
  return { stream, track };
}

let camera: ReturnType<typeof fakeCamera>;

/** The dock on a page of the app, with the profile's Log out (lib/session's signOut, as the profile calls it). */
function renderDock(path: string) {
  const live = { ...makeEndedStream({ id: STREAM_ID }), isLive: true, endedAt: null, startedAt: startedAt(), viewerCount: 42 };
  return renderWithProviders(
    <>
      <button type="button" onClick={signOut}>
        Log out
      </button>
      <LiveBroadcastDock />
    </>,
    { path, seed: (client) => client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, live) },
  );
}

beforeEach(() => {
  camera = fakeCamera();
  startBroadcast({ streamId: STREAM_ID, userId: USER_ID, camera: { stream: camera.stream, facingMode: 'user' } });
});

afterEach(() => {
  stopBroadcast();
  getWsClient().destroy();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LiveBroadcastDock', () => {
  it("shows 'You're live' on the seller's other pages, with the time and viewers, and leads back to the show", async () => {
    const { location } = renderDock('/orders');
    const pill = await screen.findByRole('link', { name: /You're live/ });
    expect(pill.getAttribute('href')).toBe(`/stream/${STREAM_ID}`);
    expect(pill.textContent).toMatch(/12:0[5-9]/);
    expect(within(pill).getByText('42 watching')).toBeTruthy();
    expect(within(pill).getByText('Back to show')).toBeTruthy();

    fireEvent.click(pill);
    expect(location()).toBe(`/stream/${STREAM_ID}`);
    // The show's own page says it itself.
    await waitFor(() => expect(screen.queryByRole('link', { name: /You're live/ })).toBeNull());
    expect(getBroadcast()).not.toBeNull();
  });

  it('shows nothing when the seller is not live', () => {
    stopBroadcast();
    renderDock('/orders');
    expect(screen.queryByRole('link', { name: /You're live/ })).toBeNull();
  });

  it('asks before Log out cuts the show; Keep streaming stays live; confirmed, it ends the show, then signs out', async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      Response.json({ ...makeEndedStream({ id: STREAM_ID }), isLive: init?.method !== 'PATCH' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const hrefSetter = vi.spyOn(window.location, 'href', 'set').mockImplementation(() => {});
    renderDock('/profile');
    await screen.findByRole('link', { name: /You're live/ });

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const sheet = await screen.findByRole('dialog', { name: 'End your show and sign out?' });
    expect(within(sheet).getByText("You're live. Signing out turns your camera off and ends the show for your viewers.")).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Keep streaming' }));
    await waitFor(() => expect(['closed', 'gone']).toContain(screen.queryByRole('dialog')?.getAttribute('data-state') ?? 'gone'));
    expect(hrefSetter).not.toHaveBeenCalled();
    expect(getBroadcast()).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const again = await screen.findByRole('dialog', { name: 'End your show and sign out?' });
    fireEvent.click(within(again).getByRole('button', { name: 'End show and sign out' }));
    await waitFor(() => expect(hrefSetter).toHaveBeenCalledWith('/api/logout'));
    expect(fetchMock).toHaveBeenCalledWith(`/api/streams/${STREAM_ID}`, expect.objectContaining({ method: 'PATCH' }));
    expect(getBroadcast()).toBeNull();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('signs out at once when the seller is not live', () => {
    stopBroadcast();
    const hrefSetter = vi.spyOn(window.location, 'href', 'set').mockImplementation(() => {});
    renderDock('/profile');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(hrefSetter).toHaveBeenCalledWith('/api/logout');
  });
});
