import { useCallback, useSyncExternalStore } from 'react';
import { countdown, countdownTickMs, splitSeconds, type Countdown } from '../utils/countdown';

/**
 * The time left until `untilIso`, re-read every second in the last hour and every half minute before.
 * null on the server and while hydrating: the server's clock is not the phone's, so the HTML carries
 * the show's date and time and the countdown appears once the page is the app's.
 */
export function useCountdown(untilIso: string | null): Countdown | null {
  const until = untilIso ? Date.parse(untilIso) : Number.NaN;
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!Number.isFinite(until)) return () => {};
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = () => {
        const every = countdownTickMs(countdown(until, Date.now()));
        if (every === null) return;
        // On the second boundary, so a clock ticks evenly.
        const wait = every === 1000 ? 1000 - (Date.now() % 1000) + 5 : every;
        timer = setTimeout(() => {
          notify();
          schedule();
        }, wait);
      };
      schedule();
      return () => clearTimeout(timer);
    },
    [until],
  );
  const seconds = useSyncExternalStore(
    subscribe,
    () => (Number.isFinite(until) ? countdown(until, Date.now()).totalSeconds : -1),
    () => -1,
  );
  return seconds < 0 ? null : splitSeconds(seconds);
}
