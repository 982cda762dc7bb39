/** The parts of the time left until a show: whole days, hours, minutes and seconds (never negative). */
export type Countdown = { days: number; hours: number; minutes: number; seconds: number; totalSeconds: number };

export function countdown(untilMs: number, nowMs: number): Countdown {
  return splitSeconds(Math.ceil((untilMs - nowMs) / 1000));
}

export function splitSeconds(seconds: number): Countdown {
  const totalSeconds = Math.max(0, seconds);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalSeconds,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Which wording a countdown takes: days and hours a day or more ahead, hours and minutes within the
 * day, a ticking mm:ss in the last hour, and 'soon' once the time has come and the seller has not started.
 */
export type CountdownText =
  | { key: 'days'; values: { days: number; hours: number } }
  | { key: 'hours'; values: { hours: number; minutes: number } }
  | { key: 'clock'; values: { clock: string } }
  | { key: 'soon'; values: Record<string, never> };

export function countdownText(left: Countdown): CountdownText {
  if (left.totalSeconds === 0) return { key: 'soon', values: {} };
  if (left.days > 0) return { key: 'days', values: { days: left.days, hours: left.hours } };
  if (left.hours > 0) return { key: 'hours', values: { hours: left.hours, minutes: left.minutes } };
  return { key: 'clock', values: { clock: `${two(left.minutes)}:${two(left.seconds)}` } };
}

/** How often the countdown needs re-reading: every second in the last hour, else every half minute. */
export function countdownTickMs(left: Countdown): number | null {
  if (left.totalSeconds === 0) return null;
  return left.days === 0 && left.hours === 0 ? 1000 : 30_000;
}
