import { useSyncExternalStore } from 'react';

// Issue 29: the shopper's last searches, kept on this device only (never sent to the server).

export const RECENT_SEARCHES_KEY = 'recent-searches';
export const RECENT_SEARCHES_MAX = 8;

const EMPTY: readonly string[] = [];
let cached: { raw: string | null; list: readonly string[] } = { raw: null, list: EMPTY };
const listeners = new Set<() => void>();

function read(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(RECENT_SEARCHES_KEY);
  } catch {
    // Storage blocked (private mode, a full disk): no recent searches, search still works.
  }
  // The same array while storage is unchanged, or useSyncExternalStore would render for ever.
  if (raw === cached.raw) return cached.list;
  let list: readonly string[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX);
  } catch {
    // A damaged entry is dropped rather than breaking the page.
  }
  cached = { raw, list };
  return list;
}

function write(list: readonly string[]) {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_SEARCHES_KEY);
    else window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    // Not remembered; nothing else to do.
  }
  listeners.forEach((listener) => listener());
}

const sameSearch = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Puts a search first (the same words in another case count as the same search), keeping the last eight. */
export function addRecentSearch(query: string): void {
  const text = query.trim().replace(/\s+/g, ' ');
  if (!text) return;
  write([text, ...read().filter((item) => !sameSearch(item, text))].slice(0, RECENT_SEARCHES_MAX));
}

export function removeRecentSearch(query: string): void {
  write(read().filter((item) => item !== query));
}

export function clearRecentSearches(): void {
  write(EMPTY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's search shows here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useRecentSearches(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}
