import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** The For-you row's heading around its cards. Small and in Home's own chunk: the cards load after it. */
export function ForYouFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="for-you-heading" className="space-y-3" data-testid="for-you">
      <div>
        <h2 id="for-you-heading" className="text-xl font-bold">
          {t('feed.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('feed.subtitle')}</p>
      </div>
      {children}
    </section>
  );
}

/** What the server renders and the browser shows until the row's code and answer arrive. */
export function ForYouSkeleton() {
  const { t } = useTranslation();
  return (
    <ForYouFrame>
      <div className="-mx-4 flex gap-3 overflow-hidden px-4" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-52 w-[72%] max-w-xs shrink-0 rounded-[var(--radius-card)]" />
        <Skeleton className="h-52 w-[40%] max-w-44 shrink-0 rounded-2xl" />
        <Skeleton className="h-52 w-[40%] max-w-44 shrink-0 rounded-2xl" />
      </div>
    </ForYouFrame>
  );
}
