import { format, isValid } from 'date-fns';
import { ORDER_DATE_FORMAT } from '@live-market/contract/constants';
import { currentLanguage } from './i18n';

function toDate(value: Date | string | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

export type DateStyle = 'date' | 'dateTime';

// SPEC section 9: 'MMM dd, yyyy' in English ("Mar 07, 2025"); other languages write the date their
// own way, with their month names (Intl), in Latin digits.
const ENGLISH: Record<DateStyle, string> = { date: ORDER_DATE_FORMAT, dateTime: `${ORDER_DATE_FORMAT}, h:mm a` };
const INTL: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: '2-digit', month: 'short', year: 'numeric' },
  dateTime: { day: '2-digit', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
};

// Lists format a date per row: one formatter per language and style.
const intlFormats = new Map<string, Intl.DateTimeFormat>();

/** A date in the current language; null when the date is missing or invalid. */
export function formatDate(value: Date | string | null | undefined, style: DateStyle = 'date', language: string = currentLanguage()): string | null {
  const date = toDate(value);
  if (!date) return null;
  if (language === 'en') return format(date, ENGLISH[style]);
  const key = `${language}:${style}`;
  let formatter = intlFormats.get(key);
  if (!formatter) intlFormats.set(key, (formatter = new Intl.DateTimeFormat(`${language}-IN-u-nu-latn`, INTL[style])));
  return formatter.format(date);
}

// Issue 27: a parcel's scans and its expected day are Indian times; shown in IST whatever zone the
// phone is set to, so the buyer and the courier's page agree.
const IST = 'Asia/Kolkata';
const IST_INTL: Record<'day' | 'dateTime', Intl.DateTimeFormatOptions> = {
  day: { timeZone: IST, weekday: 'short', day: 'numeric', month: 'short' },
  dateTime: { timeZone: IST, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
};
const istFormats = new Map<string, Intl.DateTimeFormat>();

function istFormatter(language: string, style: 'day' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${language}:${style}`;
  let formatter = istFormats.get(key);
  if (!formatter) istFormats.set(key, (formatter = new Intl.DateTimeFormat(`${language}-IN-u-nu-latn`, IST_INTL[style])));
  return formatter;
}

/** A moment in IST, without the year ("28 Nov, 3:04 pm"); null when missing or invalid. */
export function formatIstDateTime(value: Date | string | null | undefined, language: string = currentLanguage()): string | null {
  const date = toDate(value);
  return date ? istFormatter(language, 'dateTime').format(date) : null;
}

/** A calendar day in India ('2026-12-02', or a moment) as "Wed, 2 Dec"; null when missing or invalid. */
export function formatIstDay(value: Date | string | null | undefined, language: string = currentLanguage()): string | null {
  // A bare day is midday in India, so no zone can move it to the day before or after.
  const date = toDate(typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+05:30` : value);
  return date ? istFormatter(language, 'day').format(date) : null;
}
