import { currentLanguage } from './i18n';

// Dates are in format-date.ts: date-fns stays out of the chunks that only format numbers (the landing page's).

/**
 * The Intl locale for numbers in a language: its own, with Latin digits (as Indian shopping apps
 * write prices in every language) and Indian grouping (₹1,00,000). Where the language's CLDR data
 * groups in thousands (Marathi, Kannada and Malayalam amounts in today's ICU), en-IN gives the grouping.
 */
export function numberLocale(language: string): string {
  const own = `${language}-IN-u-nu-latn`;
  try {
    const lakh = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(own, options).format(100000).includes('1,00,000');
    return lakh({}) && lakh({ style: 'currency', currency: 'INR' }) ? own : 'en-IN';
  } catch {
    return 'en-IN';
  }
}

const formatters = new Map<string, { rupees: Intl.NumberFormat; counts: Intl.NumberFormat }>();
function formattersFor(language: string) {
  let f = formatters.get(language);
  if (!f) {
    const locale = numberLocale(language);
    f = { rupees: new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' }), counts: new Intl.NumberFormat(locale) };
    formatters.set(language, f);
  }
  return f;
}

/** The one rupee formatter, in the current language. Prices arrive as numeric strings ("1234.50") or numbers. */
export function formatRupees(value: number | string, language: string = currentLanguage()): string {
  const amount = typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value);
  return Number.isFinite(amount) ? formattersFor(language).rupees.format(amount) : '—';
}

/** Counts with Indian digit grouping: 123456 → "1,23,456". */
export function formatCount(value: number, language: string = currentLanguage()): string {
  return formattersFor(language).counts.format(value);
}
