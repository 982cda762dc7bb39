import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES, type SearchSuggestion, type SearchType } from '@live-market/contract/search';
import '../i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSuggestions } from '../api/search';
import { addRecentSearch } from '../hooks/recent-searches';
import { useVoiceSearch } from '../hooks/use-voice-search';
import { CategoryLinks } from './category-links';
import { RecentSearches } from './recent-searches';
import { SearchField } from './search-field';
import { SearchResultsTabs, type SearchCards } from './search-results';
import { optionId, SuggestionList } from './suggestion-list';
import { VoiceButton, VoiceStatus } from './voice-button';

/** Suggestions wait for a pause in typing (a request per key would be wasted on a slow network). */
export const SUGGEST_DELAY_MS = 200;
/** One letter matches too much to be worth a request. */
const SUGGEST_MIN_LENGTH = 2;

/** The words and tab the address holds, so Back from a result and a refresh come back to them. */
export function readSearchUrl(search: string): { q: string; type: SearchType } {
  const params = new URLSearchParams(search);
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const asked = params.get('type');
  const type = SEARCH_TYPES.find((key) => key === asked) ?? 'all';
  return { q, type };
}

export function searchHref(q: string, type: SearchType): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (type !== 'all') params.set('type', type);
  const query = params.toString();
  return query ? `/search?${query}` : '/search';
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * /search: the field with suggestions as one types; with it empty, the recent searches and the
 * categories; once searched, the results in tabs.
 */
export function SearchPage({ cards }: { cards: SearchCards }) {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t('search.title')} · ${t('common.brand')}`);
  const [, navigate] = useLocation();
  const { q, type } = readSearchUrl(useSearch());
  const [text, setText] = useState(q);
  // Back and Forward change the address under the page: the field follows it.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  const typed = text.trim();
  const editing = typed !== '' && text !== q;
  const asked = useDebounced(typed.length >= SUGGEST_MIN_LENGTH ? typed : '', SUGGEST_DELAY_MS);
  const { data } = useSuggestions(editing ? asked : '');
  const suggestions = editing && asked ? (data?.suggestions ?? []) : [];

  const search = (words: string) => {
    const clean = words.trim().replace(/\s+/g, ' ').slice(0, SEARCH_QUERY_MAX_LENGTH);
    if (!clean) return;
    addRecentSearch(clean);
    setText(clean);
    setActive(-1);
    // The keyboard goes down, so the results have the screen.
    inputRef.current?.blur();
    if (clean !== q) navigate(searchHref(clean, type));
  };

  const choose = (suggestion: SearchSuggestion) => {
    if (suggestion.kind === 'category' && suggestion.category) navigate(`/category/${suggestion.category}`);
    else search(suggestion.text);
  };

  const voice = useVoiceSearch({ language: i18n.language, onInterim: setText, onFinal: search });

  // Arriving from Home's field: ready to type. Arriving back at results: the keyboard stays down.
  const arrivedWith = useRef(q);
  useEffect(() => {
    if (!arrivedWith.current) inputRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? count - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape' && editing) {
      setText(q);
      setActive(-1);
    }
  };

  const back = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };

  return (
    <>
      <SearchField
        inputRef={inputRef}
        value={text}
        onChange={(value) => {
          setText(value);
          setActive(-1);
        }}
        onSubmit={() => search(text)}
        onBack={back}
        listId={listId}
        expanded={suggestions.length > 0}
        activeOption={active >= 0 ? optionId(listId, active) : undefined}
        onKeyDown={onKeyDown}
        voice={voice.supported ? <VoiceButton listening={voice.listening} onStart={voice.start} onStop={voice.stop} /> : null}
      />
      <main className="space-y-6 px-4 pt-4 pb-8">
        <h1 className="sr-only">{t('search.title')}</h1>
        <VoiceStatus listening={voice.listening} error={voice.error} />
        {typed === '' ? (
          <>
            <RecentSearches onPick={search} />
            <CategoryLinks headingId="browse-categories" heading={t('search.browse_categories')} />
          </>
        ) : editing ? (
          suggestions.length > 0 ? (
            <SuggestionList id={listId} suggestions={suggestions} activeIndex={active} onChoose={choose} />
          ) : null
        ) : (
          <SearchResultsTabs query={q} type={type} onTypeChange={(next) => navigate(searchHref(q, next), { replace: true })} cards={cards} />
        )}
      </main>
    </>
  );
}
