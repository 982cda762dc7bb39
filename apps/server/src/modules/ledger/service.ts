import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { LedgerLine, LedgerQuery, SellerLedger } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { paiseToRupeeString } from './amounts.js';
import { balanceOf, type PayoutHold } from './balance.js';
import { ledgerLines } from './tables.js';

export const LEDGER_PAGE = 50;
const IST = '+05:30';

type LineRow = typeof ledgerLines.$inferSelect;

export function toLedgerLine(l: LineRow): LedgerLine {
  return {
    id: l.id,
    type: l.type,
    amount: paiseToRupeeString(l.amountPaise),
    ...(l.orderId ? { orderId: l.orderId } : {}),
    ...(l.payoutId ? { payoutId: l.payoutId } : {}),
    createdAt: l.createdAt.toISOString(),
    note: l.note,
  };
}

/** From the start of `from` to the end of `to`, as days in India. */
function period(from?: string, to?: string): SQL | undefined {
  const start = from ? new Date(`${from}T00:00:00${IST}`) : null;
  const end = to ? new Date(new Date(`${to}T00:00:00${IST}`).getTime() + 86_400_000) : null;
  if ((start && Number.isNaN(start.getTime())) || (end && Number.isNaN(end.getTime()))) throw new HttpError(400, 'Dates look like 2026-11-28');
  return and(start ? gte(ledgerLines.createdAt, start) : undefined, end ? lt(ledgerLines.createdAt, end) : undefined);
}

function afterCursor(cursor?: string): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('_');
  const when = new Date(at ?? '');
  if (Number.isNaN(when.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? '')) throw new HttpError(400, 'Invalid cursor');
  return or(lt(ledgerLines.createdAt, when), and(eq(ledgerLines.createdAt, when), lt(ledgerLines.id, id!)));
}

export function createLedgerService(deps: { db: Db; holdDays: number; now: () => number }) {
  const { db } = deps;
  const hold = (): PayoutHold => ({ before: new Date(deps.now() - deps.holdDays * 86_400_000), days: deps.holdDays });

  return {
    hold,
    async balance(sellerId: string) {
      return balanceOf(db, sellerId, hold());
    },

    /** GET /api/seller/ledger: the balance and a page of lines, newest first. */
    async ledger(sellerId: string, q: LedgerQuery): Promise<SellerLedger> {
      const rows = await db
        .select()
        .from(ledgerLines)
        .where(and(eq(ledgerLines.sellerId, sellerId), period(q.from, q.to), q.type ? eq(ledgerLines.type, q.type) : undefined, afterCursor(q.cursor)))
        .orderBy(desc(ledgerLines.createdAt), desc(ledgerLines.id))
        .limit(LEDGER_PAGE + 1);
      const page = rows.slice(0, LEDGER_PAGE);
      const last = page.at(-1);
      const b = await balanceOf(db, sellerId, hold());
      return {
        balance: { pending: paiseToRupeeString(b.pending), available: paiseToRupeeString(b.available), onHold: paiseToRupeeString(b.onHold), paidOut: paiseToRupeeString(b.paidOut) },
        lines: page.map(toLedgerLine),
        nextCursor: rows.length > LEDGER_PAGE && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
      };
    },

    /** Every line of a month (in India), oldest first: the statement. */
    async month(sellerId: string, month: string): Promise<LineRow[]> {
      const [y, m] = month.split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      const start = new Date(`${month}-01T00:00:00${IST}`);
      const end = new Date(`${next}-01T00:00:00${IST}`);
      return db
        .select()
        .from(ledgerLines)
        .where(and(eq(ledgerLines.sellerId, sellerId), gte(ledgerLines.createdAt, start), lt(ledgerLines.createdAt, end)))
        .orderBy(ledgerLines.createdAt, ledgerLines.id);
    },

    /** The sum of every line: what pending + onHold + available must equal. */
    async total(sellerId: string): Promise<number> {
      const [row] = await db.select({ sum: sql<string>`coalesce(sum(${ledgerLines.amountPaise}), 0)` }).from(ledgerLines).where(eq(ledgerLines.sellerId, sellerId));
      return Number(row?.sum ?? 0);
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
