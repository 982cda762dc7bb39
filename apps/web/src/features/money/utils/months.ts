import { numberLocale } from '@/lib/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** The last `count` months up to `now`'s, newest first, as yyyy-mm (the device's calendar: sellers are in India). */
export function recentMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
  });
}

/** A month as the ledger's day range: its first and last day (the server counts both in full). */
export function monthDays(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const lastDay = new Date(year, m, 0).getDate();
  return { from: `${month}-01`, to: `${month}-${pad(lastDay)}` };
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** "November 2026" in the reader's language, with Latin digits as elsewhere in the app. */
export function formatMonth(month: string, language: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  let format = monthFormats.get(language);
  if (!format) monthFormats.set(language, (format = new Intl.DateTimeFormat(numberLocale(language), { month: 'long', year: 'numeric' })));
  return format.format(new Date(year, m - 1, 1));
}
