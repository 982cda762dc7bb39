const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A legal clock on a ticket: how long is left, or how long it is overdue; `soon` in its last quarter. */
export type Clock = { overdue: boolean; ms: number; soon: boolean };

/** The clock running from `from` to the deadline `by`, read at `now`. */
export function readClock(from: string, by: string, now: number = Date.now()): Clock {
  const end = Date.parse(by);
  const total = end - Date.parse(from);
  const left = end - now;
  return { overdue: left < 0, ms: Math.abs(left), soon: left >= 0 && left < total / 4 };
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A span of time in whole days (two or more), hours or minutes, in the language's words ("3 days",
 * "5 घंटे"), with Latin digits as everywhere in the app.
 */
export function formatSpan(ms: number, language: string): string {
  const [unit, size] = ms >= 2 * DAY ? (['day', DAY] as const) : ms >= HOUR ? (['hour', HOUR] as const) : (['minute', MINUTE] as const);
  const key = `${language}:${unit}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(`${language}-IN-u-nu-latn`, { style: 'unit', unit, unitDisplay: 'long' })));
  return format.format(Math.max(1, Math.floor(ms / size)));
}
