import { VideoOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

/** In place of the video once a stream has ended: it says so and points to what is live now. */
export function EndedVideo({ topBar }: { topBar: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="relative flex aspect-video max-h-[34dvh] w-full flex-col items-center justify-center gap-2 bg-neutral-900 px-6 text-center text-white md:max-h-[70dvh] md:rounded-[var(--radius-card)]">
      {topBar}
      <VideoOff className="size-9 opacity-70" aria-hidden="true" />
      <p className="text-lg font-bold">{t('stream.ended_title')}</p>
      <p className="max-w-xs text-sm text-white/80">{t('stream.ended_body')}</p>
      <Link href="/streams" className="mt-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-foreground">
        {t('stream.browse_live')}
      </Link>
    </div>
  );
}
