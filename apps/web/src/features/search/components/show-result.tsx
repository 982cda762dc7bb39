import { CalendarClock, Eye, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ShowCard } from '@live-market/contract/search';
import { Badge } from '@/components/ui/badge';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { formatCount } from '@/lib/format';

/**
 * A show in the results, one row (several fit a phone's screen under the field): its thumbnail with
 * LIVE and its language, the title, the store, and its viewers or start time. Opens the show's page.
 */
type ShowResultProps = {
  show: ShowCard;
  /** The show's language as the lists name it, composed by the app. */
  language?: ReactNode;
  /** An announced show's start, as the lists write it (IST). */
  startsAt?: string | null;
};

export function ShowResult({ show, language, startsAt }: ShowResultProps) {
  const { t } = useTranslation();
  return (
    <Link href={`/stream/${show.id}`} className="group flex gap-3 rounded-[var(--radius-card)] border bg-card p-2 shadow-sm transition active:scale-[0.99]">
      <div className="relative aspect-video w-32 shrink-0 overflow-hidden rounded-xl bg-muted sm:w-40">
        {show.thumbnailUrl ? (
          <ResponsiveImage src={show.thumbnailUrl} sizes="160px" width={320} height={180} className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-100 to-rose-100" role="img" aria-label={t('streams.no_thumbnail')}>
            <Video className="size-7 text-brand-600" aria-hidden="true" />
          </div>
        )}
        {show.isLive ? (
          <Badge variant="live" className="absolute top-1.5 left-1.5 shadow">
            <span className="size-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
            {t('common.live_badge')}
          </Badge>
        ) : null}
        {language ? <span className="absolute right-1.5 bottom-1.5">{language}</span> : null}
      </div>
      <div className="min-w-0 flex-1 space-y-1 py-0.5">
        <h3 className="line-clamp-2 leading-snug font-semibold break-words group-hover:text-primary">{show.title}</h3>
        <p className="truncate text-sm text-muted-foreground">{t('stream.by_store', { store: show.storeName })}</p>
        {show.isLive ? (
          <p className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground">
            <Eye className="size-3.5" aria-hidden="true" />
            {t('streams.watching', { viewers: formatCount(show.viewerCount) })}
          </p>
        ) : startsAt ? (
          <p className="inline-flex items-center gap-1 text-xs font-semibold text-violet-800">
            <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
            {t('search.starts_at', { time: startsAt })}
          </p>
        ) : null}
      </div>
    </Link>
  );
}
