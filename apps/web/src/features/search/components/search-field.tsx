import { ArrowLeft, Search, X } from 'lucide-react';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { SEARCH_QUERY_MAX_LENGTH } from '@live-market/contract/search';
import { useTranslation } from 'react-i18next';

type SearchFieldProps = {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onBack: () => void;
  /** The suggestion list the field controls, and whether it shows. */
  listId: string;
  expanded: boolean;
  activeOption?: string;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** The mic, where the browser can listen. */
  voice?: ReactNode;
};

/** The page's header: Back, the field (a combobox over its suggestions), Clear and the mic. */
export function SearchField({ inputRef, value, onChange, onSubmit, onBack, listId, expanded, activeOption, onKeyDown, voice }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 pt-safe backdrop-blur-md">
      <div className="flex min-h-16 items-center gap-1 px-2 py-2">
        <button type="button" onClick={onBack} className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-muted">
          <ArrowLeft className="size-5" aria-hidden="true" />
          <span className="sr-only">{t('common.back')}</span>
        </button>
        <form
          role="search"
          className="relative min-w-0 flex-1"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Search className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <input
            ref={inputRef}
            type="search"
            role="combobox"
            aria-label={t('search.field_label')}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeOption}
            enterKeyHint="search"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            placeholder={t('search_field.placeholder')}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onKeyDown={onKeyDown}
            className="h-12 w-full rounded-full border border-input bg-card pr-11 pl-11 text-base shadow-xs transition placeholder:text-muted-foreground focus-visible:border-brand-500 focus-visible:ring-4 focus-visible:ring-brand-500/15 focus-visible:outline-none [&::-webkit-search-cancel-button]:hidden"
          />
          {value ? (
            <button
              type="button"
              aria-label={t('search.clear')}
              onClick={() => {
                onChange('');
                inputRef.current?.focus();
              }}
              className="absolute top-1/2 right-1 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground hover:bg-muted"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
        </form>
        {voice}
      </div>
    </header>
  );
}
