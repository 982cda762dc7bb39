import { SCHEDULE_MAX_LEAD_DAYS, SCHEDULE_MIN_LEAD_MINUTES } from '@live-market/contract/constants';

// Issue 13: a show is scheduled in Indian time (Asia/Kolkata), whatever zone the phone is set to.
// IST is UTC+05:30 all year (no daylight saving), so the conversion is plain arithmetic.
export const SHOW_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = 330 * 60_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The date and time fields of the schedule form, as `<input type="date">` and `type="time"` write them. */
export type IstDateTime = { date: string; time: string };

/** The instant that an IST date ("2025-11-28") and time ("19:30") name; null when either is incomplete. */
export function istToInstant({ date, time }: IstDateTime): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const ms = Date.parse(`${date}T${time}:00+05:30`);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** An instant's IST date and time, as the form's fields hold them. */
export function instantToIst(ms: number): IstDateTime {
  const iso = new Date(ms + IST_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The form starts an hour from now, on the next quarter hour: a time a seller rarely needs to change much. */
export function defaultShowTime(now: number): IstDateTime {
  const quarter = 15 * MINUTE_MS;
  return instantToIst(Math.ceil((now + 60 * MINUTE_MS) / quarter) * quarter);
}

/** The first and last day the date field offers (IST), for its min and max. */
export function scheduleDateRange(now: number): { min: string; max: string } {
  return { min: instantToIst(now).date, max: instantToIst(now + SCHEDULE_MAX_LEAD_DAYS * DAY_MS).date };
}

export type ScheduleProblem = 'missing' | 'too_soon' | 'too_far';

/** The contract's rule, checked before sending: 5 minutes to 30 days ahead (the server checks again on its clock). */
export function checkShowTime(at: Date | null, now: number): ScheduleProblem | null {
  if (!at) return 'missing';
  if (at.getTime() < now + SCHEDULE_MIN_LEAD_MINUTES * MINUTE_MS) return 'too_soon';
  if (at.getTime() > now + SCHEDULE_MAX_LEAD_DAYS * DAY_MS) return 'too_far';
  return null;
}

/** checkShowTime against this moment, when the seller submits. */
export function checkShowTimeNow(at: Date | null): ScheduleProblem | null {
  return checkShowTime(at, Date.now());
}

// One formatter per language: a show list formats a time per card.
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * When a show starts, in IST and the reader's language with Latin digits ("Sat, 28 Nov, 7:30 pm").
 * The same on the server and in the browser, so a server-rendered card hydrates without a change.
 */
export function formatShowTime(iso: string, language: string): string {
  let formatter = formatters.get(language);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = { timeZone: SHOW_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
    try {
      formatter = new Intl.DateTimeFormat(`${language}-IN-u-nu-latn`, options);
    } catch {
      formatter = new Intl.DateTimeFormat('en-IN', options);
    }
    formatters.set(language, formatter);
  }
  return formatter.format(new Date(iso));
}
