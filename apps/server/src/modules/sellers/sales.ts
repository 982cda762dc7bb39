import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { orders } from '../shopper/tables.js';

// What counts as a sale: money that arrived (paid) or goods that arrived (delivered, e.g. cash on delivery).
export const SALE = or(eq(orders.paymentStatus, 'paid'), eq(orders.status, 'delivered'));

/**
 * A store's total sales, from its orders: the one source for the dashboard and `seller.totalSales`
 * everywhere else, so the two figures cannot disagree.
 */
export async function totalSalesOf(db: Db | Tx, sellerId: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.totalAmount}), 0)::numeric(14,2)::text` })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), SALE));
  return row?.total ?? '0.00';
}
