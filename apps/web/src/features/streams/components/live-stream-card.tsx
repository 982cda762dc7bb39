import 'virtual:english-load/reviews';
import { Eye, Star, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { LiveStream } from '@live-market/contract/streams';
import { Badge } from '@/components/ui/badge';
import { ResponsiveImage, type ImagePriority } from '@/components/ui/responsive-image';
import { formatCount } from '@/lib/format';
import { LanguageLabel } from './language-label';

/**
 * On a phone the first card (often the page's largest paint) and the top of the second are on screen;
 * the rest start below the fold.
 */
export const firstCards = (index: number): ImagePriority => (index === 0 ? 'high' : index === 1 ? 'eager' : 'lazy');

/**
 * Issue 28: the store's real average, or "New" until it has reviews (the spec's fixed 4.8 was a
 * placeholder, and a made-up rating is what consumer rules forbid). Nothing when the list did not say.
 */
function CardRating({ rating }: { rating: LiveStream['storeRating'] }) {
  const { t } = useTranslation();
  if (!rating) return null;
  if (rating.average === null) {
    return (
      <span className="shrink-0 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700" aria-label={t('reviews.new_label')}>
        {t('reviews.new')}
      </span>
    );
  }
  return (
    <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium" aria-label={t('reviews.rated', { rating: rating.average, count: rating.count })}>
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span aria-hidden="true">{rating.average}</span>
    </span>
  );
}

export function LiveStreamCard({ stream, priority }: { stream: LiveStream; priority?: ImagePriority }) {
  const { t } = useTranslation();
  return (
    <Link
      href={`/stream/${stream.id}`}
      className="group block overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm transition hover:shadow-md active:scale-[0.99]"
    >
      <div className="relative aspect-video bg-muted">
        {stream.thumbnailUrl ? (
          <ResponsiveImage
            src={stream.thumbnailUrl}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            width={640}
            height={360}
            priority={priority}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-100 to-rose-100" role="img" aria-label={t('streams.no_thumbnail')}>
            <Video className="size-10 text-brand-600" aria-hidden="true" />
          </div>
        )}
        <Badge variant="live" className="absolute top-3 left-3 shadow">
          <span className="size-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
          {t('common.live_badge')}
        </Badge>
        <LanguageLabel language={stream.language} className="absolute top-3 right-3 shadow" />
        <span className="absolute right-3 bottom-3 inline-flex items-center gap-1 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white">
          <Eye className="size-3.5" aria-hidden="true" />
          {t('streams.watching', { viewers: formatCount(stream.viewerCount) })}
        </span>
      </div>
      <div className="space-y-1 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="line-clamp-2 font-semibold leading-snug group-hover:text-primary">{stream.title}</h3>
          <CardRating rating={stream.storeRating} />
        </div>
        {stream.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{stream.description}</p> : null}
      </div>
    </Link>
  );
}
