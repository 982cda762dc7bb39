import { useCallback, useSyncExternalStore } from 'react';
import { serverOffset } from '../utils/server-clock';

/** How often the clock is read; a render happens only when the whole seconds change. */
const READ_EVERY_MS = 250;

/** Whole seconds until `until` on the server's clock (rounded up), 0 once it has passed or without one. */
export function serverSecondsLeft(until: number | null, now: number = Date.now()): number {
  return until === null || !Number.isFinite(until) ? 0 : Math.max(0, Math.ceil((until - (now + serverOffset())) / 1000));
}

/** A live countdown to an instant the server set (endsAt, holdUntil), drawn with the measured clock offset. */
export function useServerSecondsLeft(untilIso: string | null | undefined): number {
  const until = untilIso ? Date.parse(untilIso) : null;
  const subscribe = useCallback(
    (notify: () => void) => {
      if (until === null) return () => {};
      const timer = setInterval(notify, READ_EVERY_MS);
      return () => clearInterval(timer);
    },
    [until],
  );
  return useSyncExternalStore(
    subscribe,
    () => serverSecondsLeft(until),
    () => 0,
  );
}

/** 42 → "0:42", 125 → "2:05" (Latin digits in every language, like prices). */
export function formatClock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
