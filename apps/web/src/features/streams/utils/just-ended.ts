import { useSyncExternalStore } from 'react';

// Issue 25: the show a viewer was watching when it ended, remembered in this tab (sessionStorage) so
// that Home leads with it: its replay and the store's next show. Nothing here goes to the server.

export type JustEnded = {
  streamId: string;
  sellerId: string;
  storeName: string;
  title: string;
  thumbnailUrl: string | null;
  /** The server said so with stream_ended: the show was recorded and its replay can be watched. */
  hasReplay: boolean;
  /** Epoch ms, on this device's clock. */
  endedAt: number;
};

const STORAGE_KEY = 'lm.just-ended';
/** After this long the show is not "just" ended any more, and Home no longer leads with it. */
export const JUST_ENDED_FOR_MS = 30 * 60_000;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // Storage switched off: the card is simply not shown.
  }
}

export function rememberJustEnded(entry: JustEnded): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(entry));
  } catch {
    // Full or refused: nothing to lead with, as before.
  }
  notify();
}

export function forgetJustEnded(): void {
  storage()?.removeItem(STORAGE_KEY);
  notify();
}

function isJustEnded(value: unknown): value is JustEnded {
  const v = value as Partial<JustEnded> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.streamId === 'string' &&
    typeof v.sellerId === 'string' &&
    typeof v.storeName === 'string' &&
    typeof v.title === 'string' &&
    typeof v.hasReplay === 'boolean' &&
    typeof v.endedAt === 'number'
  );
}

let lastRaw: string | null = null;
let lastEntry: JustEnded | null = null;

/** The remembered show, if it ended less than JUST_ENDED_FOR_MS ago. */
export function readJustEnded(now = Date.now()): JustEnded | null {
  const raw = storage()?.getItem(STORAGE_KEY) ?? null;
  if (raw !== lastRaw) {
    lastRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      lastEntry = isJustEnded(parsed) ? { ...parsed, thumbnailUrl: parsed.thumbnailUrl ?? null } : null;
    } catch {
      lastEntry = null;
    }
  }
  return lastEntry && now - lastEntry.endedAt < JUST_ENDED_FOR_MS ? lastEntry : null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server render has no storage: the card appears once the page runs in the browser. */
export function useJustEnded(): JustEnded | null {
  return useSyncExternalStore(subscribe, () => readJustEnded(), () => null);
}
