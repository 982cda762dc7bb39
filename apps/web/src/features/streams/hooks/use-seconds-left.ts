import { useCallback, useSyncExternalStore } from 'react';

/** Whole seconds from `now` until `until` (rounded up), 0 once it has passed or when there is none. */
export function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** How often the clock is read while counting down; a render happens only when the whole seconds change. */
const READ_EVERY_MS = 250;

/**
 * A live countdown to `until` (ms since the epoch): the whole seconds left, re-rendering only when
 * that number changes, and no clock at all once it reaches 0 or without a deadline.
 */
export function useSecondsLeft(until: number | null): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (until === null) return () => {};
      const timer = setInterval(() => {
        notify();
        if (Date.now() >= until) clearInterval(timer);
      }, READ_EVERY_MS);
      return () => clearInterval(timer);
    },
    [until],
  );
  return useSyncExternalStore(
    subscribe,
    () => secondsLeft(until, Date.now()),
    () => 0,
  );
}
