import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** A dashboard section's list while it loads, or when it could not be loaded (with Try again). */
export function SectionState({ isLoading, onRetry }: { isLoading: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isLoading) {
    return (
      <div className="mt-3 space-y-2" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
      <p role="alert">{t('moderation.load_error')}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('moderation.retry')}
      </Button>
    </div>
  );
}
