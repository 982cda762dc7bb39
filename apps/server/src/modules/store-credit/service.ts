import { desc, eq, sql } from 'drizzle-orm';
import type { StoreCredit } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { user } from '../auth/tables.js';
import { paiseToRupeeString } from '../ledger/index.js';
import { storeCreditLines } from './tables.js';

type Conn = Db | Tx;

/** What a buyer's store credit holds: the sum of its lines, in paise. */
export async function creditBalance(conn: Conn, userId: string): Promise<number> {
  const [row] = await conn
    .select({ paise: sql<string>`coalesce(sum(${storeCreditLines.amountPaise}), 0)` })
    .from(storeCreditLines)
    .where(eq(storeCreditLines.userId, userId));
  return Number(row?.paise ?? 0);
}

/** A refund kept as credit. Once per key, however often it is retried; returns whether it was added now. */
export async function addCredit(tx: Tx, line: { userId: string; amountPaise: number; key: string; refundId: string; orderId: string; at: Date }): Promise<boolean> {
  const written = await tx
    .insert(storeCreditLines)
    .values({ userId: line.userId, amountPaise: line.amountPaise, key: line.key, refundId: line.refundId, orderId: line.orderId, createdAt: line.at })
    .onConflictDoNothing({ target: storeCreditLines.key })
    .returning({ id: storeCreditLines.id });
  return written.length > 0;
}

/**
 * An order paid with credit, in the order's transaction. The buyer's row is locked first, so two orders
 * placed at once cannot both spend the same credit; credit that does not cover the order is refused.
 */
export async function spendCredit(tx: Tx, spend: { userId: string; amountPaise: number; orderId: string; at: Date }): Promise<void> {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, spend.userId)).for('no key update');
  if ((await creditBalance(tx, spend.userId)) < spend.amountPaise) throw new HttpError(409, 'Your store credit does not cover this order');
  await tx.insert(storeCreditLines).values({ userId: spend.userId, amountPaise: -spend.amountPaise, key: `order:${spend.orderId}`, orderId: spend.orderId, createdAt: spend.at });
}

export async function storeCreditOf(db: Db, userId: string): Promise<StoreCredit> {
  const lines = await db.select().from(storeCreditLines).where(eq(storeCreditLines.userId, userId)).orderBy(desc(storeCreditLines.createdAt)).limit(100);
  return {
    balance: paiseToRupeeString(await creditBalance(db, userId)),
    lines: lines.map((l) => ({ id: l.id, amount: paiseToRupeeString(l.amountPaise), orderId: l.orderId, createdAt: l.createdAt.toISOString() })),
  };
}
