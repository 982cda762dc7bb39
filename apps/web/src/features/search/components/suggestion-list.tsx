import { LayoutGrid, Search, Store, Video, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SearchSuggestion } from '@live-market/contract/search';
import { cn } from '@/lib/utils';

const ICONS: Record<SearchSuggestion['kind'], LucideIcon> = { product: Search, show: Video, store: Store, category: LayoutGrid };

export const optionId = (listId: string, index: number) => `${listId}-${index}`;

type SuggestionListProps = {
  id: string;
  suggestions: SearchSuggestion[];
  /** The option the arrow keys are on (-1: none); the field points at it with aria-activedescendant. */
  activeIndex: number;
  onChoose: (suggestion: SearchSuggestion) => void;
};

/** The field's completions (a listbox): rows tall enough for a thumb, each saying what kind of thing it is. */
export function SuggestionList({ id, suggestions, activeIndex, onChoose }: SuggestionListProps) {
  const { t } = useTranslation();
  return (
    <ul id={id} role="listbox" aria-label={t('search.suggestions')} className="divide-y">
      {suggestions.map((suggestion, index) => {
        const Icon = ICONS[suggestion.kind];
        const label = suggestion.kind === 'category' && suggestion.category ? t(`product_categories.${suggestion.category}`) : suggestion.text;
        return (
          <li
            key={`${suggestion.kind}:${suggestion.category ?? suggestion.text}`}
            id={optionId(id, index)}
            role="option"
            aria-selected={index === activeIndex}
            // Keeps the field focused (and the keyboard up) while the row is tapped.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(suggestion)}
            className={cn('flex min-h-12 cursor-pointer items-center gap-3 px-1 py-2', index === activeIndex && 'bg-muted')}
          >
            <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="min-w-0 flex-1 break-words">{label}</span>
            <span className="shrink-0 text-xs text-muted-foreground">{t(`search.kind_${suggestion.kind}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
