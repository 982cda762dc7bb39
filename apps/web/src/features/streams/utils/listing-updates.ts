import type { ServerMessage } from '@live-market/contract/realtime';
import type { UpcomingStream } from '@live-market/contract/shows';
import type { LiveStream, StreamDetail } from '@live-market/contract/streams';

// Issue 25: a listing_update folded into the lists a page holds, as the server would now answer them.
// Each function returns the same object when nothing changes (and undefined for a list not loaded).

export type ListingUpdate = Extract<ServerMessage, { type: 'listing_update' }>;

/** The server's live list: newest start first, at most 100 (repository's findLiveStreams). */
const LIVE_LIST_LIMIT = 100;
/** The server's upcoming list: soonest first, at most 50 (UPCOMING_STREAMS_LIMIT). */
const UPCOMING_LIST_LIMIT = 50;

const byStartDesc = (a: LiveStream, b: LiveStream) => (b.startedAt ?? '').localeCompare(a.startedAt ?? '');
const bySchedule = (a: UpcomingStream, b: UpcomingStream) => a.scheduledFor.localeCompare(b.scheduledFor);

export function applyListingToLive(list: LiveStream[] | undefined, update: ListingUpdate): LiveStream[] | undefined {
  if (!list) return list;
  if (update.status === 'live' && update.stream) {
    const others = list.filter((s) => s.id !== update.streamId);
    return [update.stream, ...others].sort(byStartDesc).slice(0, LIVE_LIST_LIMIT);
  }
  if (update.status === 'ended' && list.some((s) => s.id === update.streamId)) return list.filter((s) => s.id !== update.streamId);
  return list;
}

/** `sellerId`: the list is one store's (the dashboard's, or a just-ended show's next one). */
export function applyListingToUpcoming(list: UpcomingStream[] | undefined, update: ListingUpdate, only: { sellerId?: string; language?: string } = {}): UpcomingStream[] | undefined {
  if (!list) return list;
  if (update.status === 'announced' && update.show) {
    const elsewhere = (only.sellerId && update.show.sellerId !== only.sellerId) || (only.language && update.show.language !== only.language);
    if (elsewhere || list.some((s) => s.id === update.streamId)) return list;
    return [...list, update.show].sort(bySchedule).slice(0, UPCOMING_LIST_LIMIT);
  }
  // Started or cancelled: no longer upcoming.
  if ((update.status === 'live' || update.status === 'cancelled') && list.some((s) => s.id === update.streamId)) {
    return list.filter((s) => s.id !== update.streamId);
  }
  return list;
}

/** A show's page: an announced show that starts turns live (no refetch: the rest of it is unchanged). */
export function applyListingToDetail(detail: StreamDetail | undefined, update: ListingUpdate, now: () => Date = () => new Date()): StreamDetail | undefined {
  if (!detail) return detail;
  if (update.status === 'live' && update.stream && !detail.isLive && detail.endedAt === null) {
    const { reminded: _reminded, ...rest } = detail;
    return { ...rest, isLive: true, startedAt: update.stream.startedAt, viewerCount: update.stream.viewerCount };
  }
  if (update.status === 'ended' && detail.isLive) return { ...detail, isLive: false, endedAt: detail.endedAt ?? now().toISOString() };
  return detail;
}
