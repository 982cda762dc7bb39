// Dates are in format-date.ts: date-fns stays out of the chunks that only format numbers (the landing page's).
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const counts = new Intl.NumberFormat('en-IN');

/** The one rupee formatter. Prices arrive as numeric strings ("1234.50") or numbers. */
export function formatRupees(value: number | string): string {
  const amount = typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value);
  return Number.isFinite(amount) ? rupees.format(amount) : '—';
}

/** Counts with Indian digit grouping: 123456 → "1,23,456". */
export function formatCount(value: number): string {
  return counts.format(value);
}
