import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';

export interface BalancePaise {
  pending: number;
  onHold: number;
  available: number;
  paidOut: number;
}

type Rows<T> = { rows: T[] };

/**
 * When an order's earnings may be paid out: `days` (PAYOUT_HOLD_DAYS) after delivery, so `before` is now
 * less that hold; an order sold with a longer return policy (issue 28) is held to the end of its window.
 */
export type PayoutHold = { before: Date; days: number };

/**
 * Which part of the balance each line is in (decision 040). Lines of no order (payouts, adjustments)
 * and of cancelled (or returned-to-seller) orders are available; an order's earnings wait (pending) until
 * it is delivered, then stay on hold for the return window and while a return is under way; after that
 * they are available. pending + onHold + available is
 * the sum of every line; paidOut counts payouts that did not fail.
 */
function bucketed(where: SQL, hold: PayoutHold) {
  return sql`
    select l.seller_id, l.amount_paise, l.type, l.payout_id,
      case
        when l.order_id is null or o.status in ('cancelled', 'returned_to_origin') then 'available'
        -- A return under way (issue 27) keeps the sale on hold until it is refused or refunded.
        when o.status = 'delivered' and exists (
          select 1 from returns r where r.order_id = l.order_id
            and r.status in ('requested', 'approved', 'pickup_scheduled', 'picked_up', 'received', 'escalated')
        ) then 'on_hold'
        when o.status = 'delivered' and (
          select max(e.created_at) from order_events e where e.order_id = l.order_id and e.status = 'delivered'
        ) + make_interval(days => greatest(0, coalesce((
          select max(i.return_days) from order_items i where i.order_id = l.order_id
        ), 0) - ${hold.days})) <= ${hold.before.toISOString()}::timestamptz then 'available'
        when o.status = 'delivered' then 'on_hold'
        else 'pending'
      end as bucket
    from ledger_lines l left join orders o on o.id = l.order_id
    where ${where}`;
}

const SUMS = sql`
  coalesce(sum(amount_paise) filter (where bucket = 'pending'), 0)::bigint as pending,
  coalesce(sum(amount_paise) filter (where bucket = 'on_hold'), 0)::bigint as "onHold",
  coalesce(sum(amount_paise) filter (where bucket = 'available'), 0)::bigint as available,
  (-coalesce(sum(amount_paise) filter (where type = 'payout' or (type = 'reversal' and payout_id is not null)), 0))::bigint as "paidOut"`;

type SumRow = { pending: string | number; onHold: string | number; available: string | number; paidOut: string | number };
const toBalance = (r: SumRow | undefined): BalancePaise => ({
  pending: Number(r?.pending ?? 0),
  onHold: Number(r?.onHold ?? 0),
  available: Number(r?.available ?? 0),
  paidOut: Number(r?.paidOut ?? 0),
});

export async function balanceOf(conn: Db | Tx, sellerId: string, hold: PayoutHold): Promise<BalancePaise> {
  const found = (await conn.execute(sql`select ${SUMS} from (${bucketed(sql`l.seller_id = ${sellerId}`, hold)}) b`)) as unknown as Rows<SumRow>;
  return toBalance(found.rows[0]);
}

/** Every seller whose available balance is at least `minimumPaise`, with that balance: the payout run's list. */
export async function payableSellers(conn: Db | Tx, hold: PayoutHold, minimumPaise: number): Promise<Array<{ sellerId: string; availablePaise: number }>> {
  const found = (await conn.execute(sql`
    select seller_id as "sellerId", sum(amount_paise)::bigint as available
    from (${bucketed(sql`true`, hold)}) b
    where bucket = 'available'
    group by seller_id
    having sum(amount_paise) >= ${minimumPaise}`)) as unknown as Rows<{ sellerId: string; available: string | number }>;
  return found.rows.map((r) => ({ sellerId: r.sellerId, availablePaise: Number(r.available) }));
}
