import { CalendarClock, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { UpcomingStream } from '@live-market/contract/shows';
import type { LiveStream } from '@live-market/contract/streams';
import '../shows-i18n';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format-date';
import { useSellerStreams } from '../api/get-seller-streams';
import { useSellerUpcomingStreams } from '../api/get-upcoming-streams';
import { ShowCountdown, ShowTime } from './show-countdown';
import { ShowOwnerActions } from './show-owner-actions';


/** The dashboard lists this many recorded shows; the analytics page has the rest. */
const RECENT_REPLAYS = 5;

function UpcomingRow({ show }: { show: UpcomingStream }) {
  const [, navigate] = useLocation();
  return (
    <li className="space-y-2 py-3">
      <Link href={`/stream/${show.id}`} className="block space-y-1">
        <p className="line-clamp-2 font-semibold leading-snug break-words hover:text-primary">{show.title}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <ShowTime scheduledFor={show.scheduledFor} className="font-medium text-violet-800" />
          <ShowCountdown scheduledFor={show.scheduledFor} className="font-semibold text-muted-foreground" />
        </p>
      </Link>
      <div className="flex gap-2">
        <ShowOwnerActions streamId={show.id} size="sm" onStarted={(id) => navigate(`/stream/${id}`)} />
      </div>
    </li>
  );
}

const startedAt = (stream: LiveStream) => Date.parse(stream.startedAt ?? '') || 0;

/**
 * The dashboard's 'Your shows' (issue 13): the store's announced shows with their countdown, Start now
 * and Cancel, then its latest recorded shows with their replays. Nothing to list, no card.
 */
export function SellerShowsCard({ sellerId }: { sellerId: string }) {
  const { t } = useTranslation();
  // Announced shows come from the upcoming list (the store's list of shows holds those that went live).
  const { data: upcoming = [] } = useSellerUpcomingStreams(sellerId);
  const { data: streams } = useSellerStreams(sellerId);
  const replays = (streams ?? [])
    .filter((stream) => !stream.isLive && stream.hasReplay === true)
    .sort((a, b) => startedAt(b) - startedAt(a))
    .slice(0, RECENT_REPLAYS);
  if (upcoming.length === 0 && replays.length === 0) return null;

  return (
    <Card className="p-5">
      <h2 className="text-lg font-bold">{t('shows.your_shows')}</h2>
      {upcoming.length > 0 ? (
        <section aria-labelledby="your-upcoming-heading" className="mt-3">
          <h3 id="your-upcoming-heading" className="flex items-center gap-1.5 text-sm font-semibold text-muted-foreground">
            <CalendarClock className="size-4" aria-hidden="true" />
            {t('shows.upcoming')}
          </h3>
          <ul className="divide-y">
            {upcoming.map((show) => (
              <UpcomingRow key={show.id} show={show} />
            ))}
          </ul>
        </section>
      ) : null}
      {replays.length > 0 ? (
        <section aria-labelledby="your-replays-heading" className="mt-3">
          <h3 id="your-replays-heading" className="flex items-center gap-1.5 text-sm font-semibold text-muted-foreground">
            <History className="size-4" aria-hidden="true" />
            {t('shows.replays')}
          </h3>
          <ul className="divide-y">
            {replays.map((show) => (
              <li key={show.id}>
                <Link href={`/stream/${show.id}`} className="flex min-h-12 items-center gap-3 py-2">
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-1 font-medium break-words">{show.title}</span>
                    <span className="text-xs text-muted-foreground">{formatDate(show.startedAt)}</span>
                  </span>
                  <span className="shrink-0 text-sm font-semibold text-primary">{t('shows.watch_replay')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}
