import { CalendarClock, Settings2, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { UpcomingStream } from '@live-market/contract/shows';
import '../shows-i18n';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { ResponsiveImage, type ImagePriority } from '@/components/ui/responsive-image';
import { cn } from '@/lib/utils';
import { formatShowTime } from '../utils/schedule';
import { LanguageLabel } from './language-label';
import { RemindButton } from './remind-button';
import { ShareShowButton } from './share-show-button';
import { ShowCountdown, ShowTime } from './show-countdown';

type UpcomingCardProps = {
  show: UpcomingStream;
  priority?: ImagePriority;
  /** Asked in the Remind me tap (push permission, composed by the app). */
  onRemind?: () => void;
  /** The viewer's own show: Manage (its page, with Start now and Cancel) instead of Remind me. */
  isOwn?: boolean;
  className?: string;
};

/** An announced show: its thumbnail with the countdown, title, store and time in IST, then Remind me and Share. */
export function UpcomingCard({ show, priority, onRemind, isOwn = false, className }: UpcomingCardProps) {
  const { t, i18n } = useTranslation();
  const when = formatShowTime(show.scheduledFor, i18n.language);
  return (
    <article aria-label={show.title} className={cn('flex flex-col overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm', className)}>
      <Link href={`/stream/${show.id}`} className="group block">
        <div className="relative aspect-video bg-muted">
          {show.thumbnailUrl ? (
            <ResponsiveImage
              src={show.thumbnailUrl}
              sizes="(min-width: 640px) 320px, 80vw"
              width={640}
              height={360}
              priority={priority}
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center bg-gradient-to-br from-violet-100 to-brand-100" role="img" aria-label={t('streams.no_thumbnail')}>
              <Video className="size-10 text-violet-600" aria-hidden="true" />
            </div>
          )}
          <Badge variant="upcoming" className="absolute top-3 left-3 shadow">
            <CalendarClock className="size-3" aria-hidden="true" />
            {t('shows.upcoming_badge')}
          </Badge>
          <LanguageLabel language={show.language} className="absolute top-3 right-3 shadow" />
          <ShowCountdown scheduledFor={show.scheduledFor} className="absolute right-3 bottom-3 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white" />
        </div>
        <div className="space-y-1 px-4 pt-3">
          <h3 className="line-clamp-2 leading-snug font-semibold break-words group-hover:text-primary">{show.title}</h3>
          <p className="truncate text-sm font-medium text-muted-foreground">{t('stream.by_store', { store: show.storeName })}</p>
          <ShowTime scheduledFor={show.scheduledFor} className="text-sm font-medium text-violet-800" />
        </div>
      </Link>
      <div className="mt-auto flex flex-wrap gap-2 p-4 pt-3">
        {isOwn ? (
          <Link href={`/stream/${show.id}`} className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'flex-1' })}>
            <Settings2 aria-hidden="true" />
            {t('shows.manage')}
          </Link>
        ) : (
          <RemindButton streamId={show.id} reminded={show.reminded} onRemind={onRemind} />
        )}
        <ShareShowButton streamId={show.id} title={show.title} text={t('shows.share_text', { title: show.title, store: show.storeName, time: when })} />
      </div>
    </article>
  );
}
