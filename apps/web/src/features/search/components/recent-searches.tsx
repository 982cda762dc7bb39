import { History, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { clearRecentSearches, removeRecentSearch, useRecentSearches } from '../hooks/recent-searches';

/** The last searches on this device, newest first; a tap runs one again, × forgets it. Nothing when there are none. */
export function RecentSearches({ onPick }: { onPick: (query: string) => void }) {
  const { t } = useTranslation();
  const recent = useRecentSearches();
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches" className="space-y-1">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-searches" className="text-base font-bold">
          {t('search.recent_title')}
        </h2>
        <button type="button" className="min-h-11 rounded-lg px-2 text-sm font-semibold text-primary hover:bg-muted" onClick={clearRecentSearches}>
          {t('search.recent_clear_all')}
        </button>
      </div>
      <ul className="divide-y">
        {recent.map((query) => (
          <li key={query} className="flex items-center gap-1">
            <button type="button" className="flex min-h-12 min-w-0 flex-1 items-center gap-3 text-left" onClick={() => onPick(query)}>
              <History className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="truncate">{query}</span>
            </button>
            <button
              type="button"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted"
              aria-label={t('search.recent_remove', { query })}
              onClick={() => removeRecentSearch(query)}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
