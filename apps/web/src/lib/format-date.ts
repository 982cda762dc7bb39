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
