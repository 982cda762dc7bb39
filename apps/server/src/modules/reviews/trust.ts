import { eq, sql } from 'drizzle-orm';
import type { StoreTrust } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { sellers } from '../sellers/tables.js';
import { ratingOf } from './service.js';

/** Below this many orders (or parcels) in the window a rate says more about luck than about the store. */
const MIN_SAMPLE = 5;
const share = (part: number, whole: number) => (whole >= MIN_SAMPLE ? Math.round((part / whole) * 1000) / 1000 : null);

/**
 * The store's rating and how it kept its word over the last 90 days: parcels handed to the courier
 * within two days of the order's confirmation, and orders the store itself cancelled (of those that
 * were placed and not withdrawn by the buyer or a failed payment).
 */
export async function trustOf(db: Db, sellerId: string): Promise<StoreTrust> {
  const [store] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId));
  if (!store) throw new HttpError(404, 'Seller not found');
  const result = await db.execute(sql`
    select
      count(*) filter (where o.cancelled_by = 'seller')::int as cancelled,
      count(*) filter (where o.status <> 'pending' and coalesce(o.cancelled_by, '') not in ('buyer', 'payment'))::int as placed,
      count(s.at)::int as shipped,
      count(s.at) filter (where s.at <= coalesce(c.at, o.created_at) + interval '2 days')::int as on_time
    from orders o
    left join lateral (select min(e.created_at) as at from order_events e where e.order_id = o.id and e.status = 'shipped') s on true
    left join lateral (select min(e.created_at) as at from order_events e where e.order_id = o.id and e.status = 'confirmed') c on true
    where o.seller_id = ${sellerId} and o.created_at > now() - interval '90 days'`);
  const row = (result as unknown as { rows: Array<{ cancelled: number; placed: number; shipped: number; on_time: number }> }).rows[0]!;
  return { rating: await ratingOf(db, sellerId), onTimeShippingRate: share(row.on_time, row.shipped), cancellationRate: share(row.cancelled, row.placed) };
}
