// Seed timestamps are relative to one fixed "now", so a seeded database always looks fresh.
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
// India Standard Time is UTC+05:30 all year.
const IST_OFFSET_MINUTES = 5 * 60 + 30;

export interface Clock {
  now: Date;
  minutesAgo(minutes: number): Date;
  minutesFromNow(minutes: number): Date;
  daysAgo(days: number): Date;
  /** `days` before today, at hour:minute India time (e.g. an evening stream at 19:30 IST). */
  istDaysAgo(days: number, hour: number, minute?: number): Date;
  plusMinutes(date: Date, minutes: number): Date;
}

export function clockAt(now: Date): Clock {
  const t = now.getTime();
  return {
    now,
    minutesAgo: (minutes) => new Date(t - minutes * MINUTE_MS),
    minutesFromNow: (minutes) => new Date(t + minutes * MINUTE_MS),
    daysAgo: (days) => new Date(t - days * DAY_MS),
    istDaysAgo(days, hour, minute = 0) {
      // Shift into IST, take that calendar day, set the wall-clock time, shift back to UTC.
      const ist = new Date(t + IST_OFFSET_MINUTES * MINUTE_MS - days * DAY_MS);
      ist.setUTCHours(hour, minute, 0, 0);
      return new Date(ist.getTime() - IST_OFFSET_MINUTES * MINUTE_MS);
    },
    plusMinutes: (date, minutes) => new Date(date.getTime() + minutes * MINUTE_MS),
  };
}
