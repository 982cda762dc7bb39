import { CalendarClock, CircleStop, PlayCircle, Video, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import '../shows-i18n';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { useSellerUpcomingStreams } from '../api/get-upcoming-streams';
import { forgetJustEnded, type JustEnded } from '../utils/just-ended';
import { RemindButton } from './remind-button';
import { ShowCountdown, ShowTime } from './show-countdown';

type JustEndedCardProps = {
  entry: JustEnded;
  onRemind?: () => void;
  renderFollow?: (sellerId: string) => ReactNode;
};

/**
 * Issue 25: 'Just ended' at the top of Home for the viewer whose show ended: its replay when it was
 * recorded, and the store's next announced show with Remind me (it appears here as soon as the seller
 * announces it: the lists follow the server), else Follow.
 */
export function JustEndedCard({ entry, onRemind, renderFollow }: JustEndedCardProps) {
  const { t } = useTranslation();
  const { data: upcoming } = useSellerUpcomingStreams(entry.sellerId);
  const next = upcoming?.[0];
  const store = entry.storeName;

  return (
    <section aria-labelledby="just-ended-heading" className="overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm">
      <div className="flex items-start gap-3 p-4 pb-3">
        <div className="relative aspect-video w-24 shrink-0 overflow-hidden rounded-lg bg-muted">
          {entry.thumbnailUrl ? (
            <ResponsiveImage src={entry.thumbnailUrl} sizes="96px" width={640} height={360} className="size-full object-cover" />
          ) : (
            <div className="flex size-full items-center justify-center bg-gradient-to-br from-violet-100 to-brand-100" aria-hidden="true">
              <Video className="size-6 text-violet-600" />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <Badge variant="secondary">
            <CircleStop className="size-3" aria-hidden="true" />
            {t('shows.just_ended')}
          </Badge>
          <h2 id="just-ended-heading" className="mt-1 line-clamp-2 leading-snug font-semibold break-words">
            {entry.title}
          </h2>
          <p className="truncate text-sm text-muted-foreground">{t('stream.by_store', { store })}</p>
        </div>
        <button
          type="button"
          onClick={forgetJustEnded}
          aria-label={t('shows.just_ended_dismiss')}
          className="-mt-1 -mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>

      <div className="px-4 pb-4">
        {entry.hasReplay ? (
          <Link href={`/stream/${entry.streamId}`} className={buttonVariants({ className: 'w-full' })}>
            <PlayCircle aria-hidden="true" />
            {t('shows.watch_replay')}
          </Link>
        ) : (
          <p className="text-sm text-muted-foreground">{t('shows.just_ended_no_replay')}</p>
        )}
      </div>

      <div className="border-t bg-secondary/40 p-4">
        {next ? (
          <div className="space-y-2">
            <p className="text-sm font-semibold text-violet-800">{t('shows.just_ended_next', { store })}</p>
            <Link href={`/stream/${next.id}`} className="block leading-snug font-semibold break-words hover:text-primary">
              {next.title}
            </Link>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <ShowTime scheduledFor={next.scheduledFor} className="font-medium text-violet-800" />
              <ShowCountdown scheduledFor={next.scheduledFor} className="text-muted-foreground" />
            </div>
            <div className="flex pt-1">
              <RemindButton streamId={next.id} reminded={next.reminded} onRemind={onRemind} size="default" />
            </div>
          </div>
        ) : (
          <div className="flex items-start gap-3">
            <CalendarClock className="mt-0.5 size-5 shrink-0 text-violet-700" aria-hidden="true" />
            <p className="min-w-0 flex-1 text-sm text-muted-foreground">{t('shows.just_ended_no_next', { store })}</p>
            {renderFollow?.(entry.sellerId)}
          </div>
        )}
      </div>
    </section>
  );
}
