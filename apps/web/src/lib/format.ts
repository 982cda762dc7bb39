import { currentLanguage } from './i18n';

// Dates are in format-date.ts: date-fns stays out of the chunks that only format numbers (the landing page's).

/**
 * The Intl locale for numbers in a language: its own, with Latin digits (as Indian shopping apps
 * write prices in every language) and Indian grouping (₹1,00,000). Where the language's CLDR data
 * groups in thousands (Marathi, Kannada and Malayalam amounts in today's ICU), en-IN gives the grouping.
 */
export function numberLocale(language: string): string {
  return formattersFor(language).locale;
}

// A NumberFormat costs a millisecond or more to build on a phone: build each language's once, and
// test the grouping on the rupee formatter itself rather than on throwaway ones.
const formatters = new Map<string, { locale: string; rupees: Intl.NumberFormat; counts: Intl.NumberFormat }>();
function formattersFor(language: string) {
  let f = formatters.get(language);
  if (!f) {
    const make = (locale: string) => ({ locale, rupees: new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' }), counts: new Intl.NumberFormat(locale) });
    try {
      const own = make(`${language}-IN-u-nu-latn`);
      const lakh = own.rupees.format(100000).includes('1,00,000') && own.counts.format(100000) === '1,00,000';
      f = lakh ? own : make('en-IN');
    } catch {
      f = make('en-IN');
    }
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

/**
 * For the server-rendered page's <head>: the first number formatter a page builds loads the browser's
 * number-format data (about 18 ms on a desktop, several times that on a phone). Built while the page
 * still waits for its stylesheet, that cost stays out of the app's start.
 */
export const WARM_NUMBER_FORMAT_SCRIPT = `try{new Intl.NumberFormat('en-IN',{style:'currency',currency:'INR'}).format(1);}catch(e){}`;
