import type { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeEndedStream, renderWithProviders } from '@/testing/render';
import { getStreamQueryOptions } from '../api/get-stream';
import { StreamPage } from './stream-page';

const STREAM_ID = '00000000-0000-4000-8000-0000000000aa';
const USER_ID = '00000000-0000-4000-8000-000000000001';
const noPanels = () => ({ poll: null, quiz: null, gifts: null });

const endedStream = makeEndedStream({ id: STREAM_ID });

/** Answers every request with this status and JSON body. */
function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(streamId: string, seed?: (client: QueryClient) => void) {
  return renderWithProviders(<StreamPage streamId={streamId} userId={USER_ID} renderFollow={() => null} renderEngagement={noPanels} onBuy={() => {}} />, { seed });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StreamPage', () => {
  it("shows 'Stream Not Found' with a 'Go to Home' link when the server answers 404", async () => {
    const fetchMock = stubFetch(404, { message: 'Stream not found' });
    renderPage(STREAM_ID);
    expect(await screen.findByRole('heading', { name: 'Stream Not Found' })).toBeTruthy();
    expect(screen.getByText("This stream may have ended or doesn't exist.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(fetchMock).toHaveBeenCalledWith(`/api/streams/${STREAM_ID}`, expect.objectContaining({ method: 'GET' }));
  });

  it('does not ask the server about an id that cannot be a stream', async () => {
    const fetchMock = stubFetch(500, {});
    renderPage('not-a-stream');
    expect(await screen.findByRole('heading', { name: 'Stream Not Found' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows an ended stream from the cache with its info and no video or chat input', async () => {
    stubFetch(200, []);
    renderPage(STREAM_ID, (client) => client.setQueryData(getStreamQueryOptions(STREAM_ID).queryKey, endedStream));
    expect(await screen.findByRole('heading', { level: 1, name: 'Diwali silk sarees' })).toBeTruthy();
    expect(screen.getByText('This stream has ended')).toBeTruthy();
    expect(screen.getByText('by Varanasi Weaves')).toBeTruthy();
    expect(screen.queryByText('LIVE')).toBeNull();
    expect(screen.queryByLabelText('Chat message')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Chat', selected: true })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Chat', 'Poll', 'Quiz', 'Gifts']);
  });
});
