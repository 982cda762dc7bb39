import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, orders } from '../shopper/tables.js';

// How many best sellers rank higher in search, and how long the list is kept: counting them is a
// scan of a month of orders (order_items has no index by product), too much for every keystroke.
const BEST_SELLERS = 500;
const TTL_MS = 60_000;
const WINDOW_DAYS = 30;

/** Units sold per product over the last 30 days (orders not cancelled), best sellers first. */
export async function unitsSoldRecently(db: Db, limit = BEST_SELLERS): Promise<Map<string, number>> {
  const result = (await db.execute(sql`
    select oi.product_id as id, sum(oi.quantity)::int as units
    from ${orders} o join ${orderItems} oi on oi.order_id = o.id
    where o.created_at > now() - make_interval(days => ${WINDOW_DAYS}) and o.status <> 'cancelled' and oi.product_id is not null
    group by oi.product_id order by units desc limit ${limit}`)) as unknown as { rows: { id: string; units: number }[] };
  return new Map(result.rows.map((r) => [r.id, Number(r.units)]));
}

/**
 * Popularity for ranking: the best sellers' units, remembered for a minute. Relevance decides first;
 * `popularityBonus` (at most 0.15 on a 0–1 relevance) reorders results that match about equally well.
 */
export function createPopularity(db: Db, now: () => number = Date.now) {
  let cached: { at: number; units: Promise<Map<string, number>> } | null = null;
  return {
    unitsSold(): Promise<Map<string, number>> {
      if (!cached || now() - cached.at > TTL_MS) {
        const units = unitsSoldRecently(db).catch((error: unknown) => {
          cached = null;
          throw error;
        });
        cached = { at: now(), units };
      }
      return cached.units;
    },
  };
}
export type Popularity = ReturnType<typeof createPopularity>;

export function popularityBonus(units: number): number {
  return Math.min(0.15, 0.03 * Math.log(1 + Math.max(0, units)));
}
