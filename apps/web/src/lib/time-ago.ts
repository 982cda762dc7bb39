const MINUTE = 60_000;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * MINUTE],
  ['month', 30 * 24 * 60 * MINUTE],
  ['week', 7 * 24 * 60 * MINUTE],
  ['day', 24 * 60 * MINUTE],
  ['hour', 60 * MINUTE],
  ['minute', MINUTE],
];

/**
 * "5 minutes ago" in the user's language (Intl, so no date library in this chunk); null under a
 * minute or for a missing date, where the page says 'Just now' (SPEC section 2).
 */
export function timeAgo(value: string | null | undefined, language: string, now: number = Date.now()): string | null {
  const at = value ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(at)) return null;
  const elapsed = now - at;
  if (elapsed < MINUTE) return null;
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? UNITS[UNITS.length - 1]!;
  // Latin digits in every language, as in prices and counts.
  return new Intl.RelativeTimeFormat(`${language}-u-nu-latn`, { numeric: 'auto' }).format(-Math.floor(elapsed / size), unit);
}
