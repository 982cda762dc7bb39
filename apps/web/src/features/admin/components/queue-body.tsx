import '../i18n';
import { Inbox, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

type QueueQuery<T> = { data: T[] | undefined; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };

/** A queue's list, or its loading, failed and empty states: the same in every tab. */
export function QueueBody<T>({ query, label, empty, children }: { query: QueueQuery<T>; label: string; empty: string; children: (item: T) => ReactNode }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-32 rounded-2xl" />
        <Skeleton className="h-32 rounded-2xl" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-muted/50 px-4 py-8 text-center text-sm text-muted-foreground">
        <p role="alert">{t('admin.load_error')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCcw aria-hidden="true" />
          {t('admin.retry')}
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="flex items-center gap-3 rounded-2xl bg-muted/50 p-4 text-sm text-muted-foreground">
        <Inbox className="size-5 shrink-0 text-primary" aria-hidden="true" />
        {empty}
      </p>
    );
  }
  return (
    <ul aria-label={label} className="space-y-3">
      {query.data.map(children)}
    </ul>
  );
}
