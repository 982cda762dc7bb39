import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '@live-market/contract/constants';
import { isLanguageCode, type LanguageCode } from '@live-market/contract/i18n';
import { showsForViewer } from '../utils/show-language';

// Issue 29: the language a viewer filters shows by, kept on the device (Home's chips and /streams'
// filter are the same choice). null: every language.
export const SHOW_LANGUAGE_STORAGE_KEY = 'lm.showLanguage';

/** Read from storage once; kept in memory after that (and when storage is unavailable, as in some private modes). */
let current: LanguageCode | null | undefined;
const listeners = new Set<() => void>();

function read(): LanguageCode | null {
  if (current === undefined) {
    let stored: string | null = null;
    try {
      stored = window.localStorage.getItem(SHOW_LANGUAGE_STORAGE_KEY);
    } catch {
      // No storage: every language until the viewer chooses.
    }
    current = isLanguageCode(stored) ? stored : null;
  }
  return current;
}

export function setShowLanguage(language: LanguageCode | null): void {
  current = language;
  try {
    if (language) window.localStorage.setItem(SHOW_LANGUAGE_STORAGE_KEY, language);
    else window.localStorage.removeItem(SHOW_LANGUAGE_STORAGE_KEY);
  } catch {
    // No storage: the choice lasts until the page closes.
  }
  for (const notify of listeners) notify();
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** The server render (and the hydration after it) shows every language: the choice lives on the device only. */
export function useShowLanguage(): LanguageCode | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** The app's language now: the viewer's own. */
export function useOwnLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  return isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** A list as this viewer sees it, with the language chosen (null: all). */
export function useShowsForViewer<T extends { language: string }>(shows: T[] | undefined): { shows: T[] | undefined; chosen: LanguageCode | null } {
  const own = useOwnLanguage();
  const chosen = useShowLanguage();
  return { shows: shows && showsForViewer(shows, own, chosen), chosen };
}
