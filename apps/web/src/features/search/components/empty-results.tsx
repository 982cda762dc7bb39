import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SearchType } from '@live-market/contract/search';
import { Button } from '@/components/ui/button';
import { CategoryLinks } from './category-links';

/** Nothing found: say so with the words searched, then offer a wider tab and the categories to browse. */
export function EmptyResults({ query, type, onSeeAll }: { query: string; type: SearchType; onSeeAll: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-6 pt-2">
      <div className="flex flex-col items-center gap-2 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-muted">
          <SearchX className="size-7 text-muted-foreground" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-bold break-words">{type === 'all' ? t('search.empty_title', { query }) : t(`search.empty_${type}`, { query })}</h2>
        <p className="max-w-sm text-sm text-muted-foreground">{t('search.empty_body')}</p>
        {type === 'all' ? null : (
          <Button variant="outline" onClick={onSeeAll}>
            {t('search.see_all_results')}
          </Button>
        )}
      </div>
      <CategoryLinks headingId="empty-categories" heading={t('search.browse_categories')} />
    </div>
  );
}
