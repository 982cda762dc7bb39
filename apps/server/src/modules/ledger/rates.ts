import type { Db, Tx } from '../../db/client.js';
import { rates } from './tables.js';

export type RateKind = (typeof rates.$inferSelect)['kind'];
type RateRow = Pick<typeof rates.$inferSelect, 'kind' | 'category' | 'rateBp' | 'effectiveFrom'>;

const IST_OFFSET_MS = 330 * 60_000;

/** The calendar day in India ("2026-11-28"): rates, statements and financial years follow IST. */
export function indianDay(at: number | Date): string {
  return new Date(new Date(at).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The rates in force on a day, read from the one table that holds them with their effective dates. */
export interface RateBook {
  /** Basis points of `kind` on `day`; commission looks for the category's own row first. */
  on(kind: RateKind, day: string, category?: string | null): number;
}

export function rateBook(rows: RateRow[], commissionDefaultBp: number): RateBook {
  const newest = (kind: RateKind, day: string, category: string | null) =>
    rows
      .filter((r) => r.kind === kind && r.category === category && r.effectiveFrom <= day)
      .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0]?.rateBp;
  return {
    on(kind, day, category = null) {
      if (kind === 'commission') return (category ? newest(kind, day, category) : undefined) ?? newest(kind, day, null) ?? commissionDefaultBp;
      const found = newest(kind, day, null);
      if (found === undefined) throw new Error(`No ${kind} rate in force on ${day}`);
      return found;
    },
  };
}

/** Rates change a few times a year: read once a minute, not on every posting. */
export function createRates(commissionDefaultBp: number, ttlMs = 60_000) {
  let cached: { at: number; book: RateBook } | null = null;
  return async function book(conn: Db | Tx): Promise<RateBook> {
    if (cached && Date.now() - cached.at < ttlMs) return cached.book;
    const rows = await conn.select({ kind: rates.kind, category: rates.category, rateBp: rates.rateBp, effectiveFrom: rates.effectiveFrom }).from(rates);
    cached = { at: Date.now(), book: rateBook(rows, commissionDefaultBp) };
    return cached.book;
  };
}
export type Rates = ReturnType<typeof createRates>;
