import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UpcomingStream } from '@live-market/contract/shows';
import type { LiveStream, StreamDetail } from '@live-market/contract/streams';
import { getWsClient } from '@/lib/ws-connection';
import { getLiveStreamsQueryOptions } from '../api/get-live-streams';
import { getStreamQueryOptions } from '../api/get-stream';
import { UPCOMING_STREAMS_KEY, type UpcomingFilter } from '../api/get-upcoming-streams';
import { applyListingToDetail, applyListingToLive, applyListingToUpcoming, type ListingUpdate } from '../utils/listing-updates';

// Issue 25 (decision 038): while a list of shows (or an announced show's page) is on screen, the tab's
// socket watches the lists and each listing_update is folded into the query cache. Whenever the watch
// (re)starts, the cached live list is asked for once (a cheap, cached call), since changes made while
// the socket was away were not heard; the upcoming lists and any announced show's page are squared
// with it. Loaded lazily (use-lists-live.ts), with the socket code, after the first paint.

/** A page that leaves a list for another within this long keeps the watch (no unwatch/watch and refetch in between). */
export const LINGER_MS = 2000;

let holders = 0;
let stopWatching: (() => void) | null = null;
let lingering: ReturnType<typeof setTimeout> | null = null;

const upcomingLists = (queryClient: QueryClient) => queryClient.getQueriesData<UpcomingStream[]>({ queryKey: UPCOMING_STREAMS_KEY });
const filterOf = (key: QueryKey) => (key[2] as UpcomingFilter | undefined) ?? {};

/** Folds one change into every list and page the cache holds. */
export function applyListing(queryClient: QueryClient, update: ListingUpdate): void {
  const liveKey = getLiveStreamsQueryOptions().queryKey;
  queryClient.setQueryData<LiveStream[]>(liveKey, (list) => applyListingToLive(list, update));
  // An answer in flight was read before this change: ask again (the server's cache already has it).
  if (queryClient.isFetching({ queryKey: liveKey, exact: true })) void queryClient.invalidateQueries({ queryKey: liveKey, exact: true });
  applyElsewhere(queryClient, update);
}

/** The upcoming lists and the show's own page. */
function applyElsewhere(queryClient: QueryClient, update: ListingUpdate): void {
  for (const [key, list] of upcomingLists(queryClient)) {
    const next = applyListingToUpcoming(list, update, filterOf(key));
    if (next !== list) queryClient.setQueryData(key, next);
  }
  const detailKey = getStreamQueryOptions(update.streamId).queryKey;
  if (update.status === 'cancelled') void queryClient.invalidateQueries({ queryKey: detailKey, exact: true });
  else queryClient.setQueryData<StreamDetail>(detailKey, (detail) => applyListingToDetail(detail, update));
}

/** After a gap: the live list as the server has it now, and what it says about the upcoming shows. */
async function catchUp(queryClient: QueryClient): Promise<void> {
  let live: LiveStream[];
  try {
    live = await queryClient.fetchQuery({ ...getLiveStreamsQueryOptions(), staleTime: 0 });
  } catch {
    return; // The interval and the next focus try again.
  }
  for (const stream of live) applyElsewhere(queryClient, { type: 'listing_update', streamId: stream.id, status: 'live', stream });
}

function startWatching(queryClient: QueryClient): () => void {
  const client = getWsClient();
  const release = client.retain();
  const watch = () => {
    if (client.send({ type: 'watch_lists' })) void catchUp(queryClient);
  };
  const offStatus = client.onStatusChange((status) => {
    if (status === 'open') watch();
  });
  const offMessage = client.subscribe((message) => {
    if (message.type === 'listing_update') applyListing(queryClient, message);
  });
  if (client.getStatus() === 'open') watch();
  return () => {
    offStatus();
    offMessage();
    client.send({ type: 'unwatch_lists' });
    release();
  };
}

/** Holds the watch while the returned function has not been called; the last holder's leaving ends it (after LINGER_MS). */
export function followLists(queryClient: QueryClient): () => void {
  holders += 1;
  if (lingering) clearTimeout(lingering);
  lingering = null;
  stopWatching ??= startWatching(queryClient);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    lingering = setTimeout(() => {
      lingering = null;
      if (holders > 0) return;
      stopWatching?.();
      stopWatching = null;
    }, LINGER_MS);
  };
}

/** Ends the watch at once, whoever holds it (testing/setup.ts: each test file starts with none). */
export function resetListsSync(): void {
  if (lingering) clearTimeout(lingering);
  lingering = null;
  holders = 0;
  stopWatching?.();
  stopWatching = null;
}
