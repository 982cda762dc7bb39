import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

// Starts the search page's download as the finger lands, ahead of the tap's navigation.
const preload = () => void import('./search-page').catch(() => {});

/**
 * Home's and /streams' search field: it looks like one but opens /search, where the real field is, so
 * none of the search code (suggestions, voice, results) weighs on Home's first load. `type` opens a tab.
 */
export function SearchEntry({ type, className }: { type?: 'shows'; className?: string }) {
  const { t } = useTranslation();
  return (
    <Link
      href={type ? `/search?type=${type}` : '/search'}
      onPointerDown={preload}
      onFocus={preload}
      className={cn(
        'flex h-12 w-full items-center gap-3 rounded-full border border-input bg-card px-4 text-base text-muted-foreground shadow-xs transition',
        'hover:border-brand-500 focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/15 focus-visible:outline-none',
        className,
      )}
    >
      <Search className="size-5 shrink-0 text-foreground" aria-hidden="true" />
      <span className="truncate">{t('search_field.placeholder')}</span>
    </Link>
  );
}
