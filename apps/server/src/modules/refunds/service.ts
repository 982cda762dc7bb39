import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { rupeesToPaise, type Refund } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import { formatRupees } from '../../i18n/rupees.js';
import type { Deadlines } from '../../jobs/timers.js';
import { paiseToRupeeString, postRefund } from '../ledger/index.js';
import { notify, type UnreadPush } from '../notifications/index.js';
import { payments } from '../payments/tables.js';
import { orders } from '../shopper/tables.js';
import type { RefundProvider, RefundResult } from './provider.js';
import { refunds } from './tables.js';

export const REFUND_JOB = 'refund-process';
type RefundRow = typeof refunds.$inferSelect;
/** A refund the gateway holds as pending is asked about again after this. */
const RECHECK_MS = 5_000;

export function toRefundDto(r: RefundRow): Refund {
  return { id: r.id, amount: paiseToRupeeString(r.amountPaise), status: r.status, method: r.method, processedAt: r.processedAt?.toISOString() ?? null };
}

export interface RefundRequestIn {
  orderId: string;
  /** One item alone; omitted: whatever of the order is not refunded yet. */
  orderItemId?: string;
  reason?: string | null;
  buyerId: string;
  ref: string;
}

/** Told when a refund is made (a credit note is issued in the same transaction). */
export type OnRefund = (tx: Tx, refund: RefundRow) => Promise<void>;

export function createRefundsService(deps: { db: Db; provider: RefundProvider; deadlines: Deadlines; pushUnread: UnreadPush; now: () => number; onRefund?: OnRefund }) {
  const { db, provider, deadlines, now } = deps;

  async function tell(tx: Tx, r: RefundRow, kind: 'refund_started' | 'order_refund_done' | 'refund_failed', userId: string, ref: string) {
    await notify(tx, { userId, type: 'order_update', kind, params: { ref, amount: formatRupees(paiseToRupeeString(r.amountPaise)) }, link: '/orders' });
  }

  async function capturedPayment(tx: Tx, orderId: string) {
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'captured')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return p ?? null;
  }

  return {
    /**
     * In the cancellation's (or the seller's item refund's) transaction: the ledger takes back the
     * seller's earnings and the refund is recorded, once whatever the retries (its key), then sent to
     * the gateway after the commit. Returns null when nothing was left to refund.
     */
    async start(tx: Tx, req: RefundRequestIn): Promise<RefundRow | null> {
      const id = randomUUID();
      const key = req.orderItemId ? `item:${req.orderItemId}` : `order:${req.orderId}`;
      const [existing] = await tx.select().from(refunds).where(eq(refunds.key, key));
      if (existing) return existing;
      const amountPaise = await postRefund(tx, { id, orderId: req.orderId, orderItemId: req.orderItemId ?? null }, now());
      if (amountPaise <= 0) return null;
      const payment = await capturedPayment(tx, req.orderId);
      const [row] = await tx
        .insert(refunds)
        .values({
          id,
          orderId: req.orderId,
          orderItemId: req.orderItemId ?? null,
          paymentId: payment?.id ?? null,
          amountPaise,
          provider: payment?.provider === 'razorpay' ? 'razorpay' : 'simulated',
          key,
          reason: req.reason ?? null,
          createdAt: new Date(now()),
        })
        .returning();
      await tell(tx, row!, 'refund_started', req.buyerId, req.ref);
      await deps.onRefund?.(tx, row!);
      afterCommit(tx, () => deadlines.at(REFUND_JOB, row!.id, { refundId: row!.id }, now()));
      return row!;
    },

    /** Money taken for an order cancelled meanwhile (the gateway confirmed late): all of it goes back; the seller never earned it. */
    async startUnearned(tx: Tx, req: { orderId: string; buyerId: string; ref: string }): Promise<RefundRow | null> {
      const payment = await capturedPayment(tx, req.orderId);
      if (!payment) return null;
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId: req.orderId,
          paymentId: payment.id,
          amountPaise: rupeesToPaise(payment.amount),
          provider: payment.provider === 'razorpay' ? 'razorpay' : 'simulated',
          key: `payment:${payment.id}`,
          createdAt: new Date(now()),
        })
        .onConflictDoNothing({ target: refunds.key })
        .returning();
      if (!row) return null;
      await tell(tx, row, 'refund_started', req.buyerId, req.ref);
      afterCommit(tx, () => deadlines.at(REFUND_JOB, row.id, { refundId: row.id }, now()));
      return row;
    },

    /** The job: asks the gateway (once per refund: our id is its reference) and records what it says. */
    async process(refundId: string): Promise<void> {
      const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      if (!r || r.status !== 'pending') return;
      const [payment] = r.paymentId ? await db.select().from(payments).where(eq(payments.id, r.paymentId)) : [];
      const request = { refundId: r.id, providerPaymentId: payment?.providerPaymentId ?? null, amountPaise: r.amountPaise, notes: { order: r.orderId } };
      const result: RefundResult = r.providerRefundId ? await provider.status(r.providerRefundId, request) : await provider.refund(request);
      const tellUser = await db.transaction(async (tx) => {
        const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, r.orderId));
        const [current] = await tx.select().from(refunds).where(eq(refunds.id, r.id)).for('update');
        if (!current || current.status !== 'pending') return null;
        const ref = `#${r.orderId.slice(-8).toUpperCase()}`;
        if (result.status === 'pending') {
          if (!current.providerRefundId) await tx.update(refunds).set({ providerRefundId: result.providerRefundId }).where(eq(refunds.id, r.id));
          afterCommit(tx, () => deadlines.at(REFUND_JOB, `${r.id}:${now() + RECHECK_MS}`, { refundId: r.id }, now() + RECHECK_MS));
          return null;
        }
        const processed = result.status === 'processed';
        const [saved] = await tx
          .update(refunds)
          .set(processed
            ? { status: 'processed', providerRefundId: result.providerRefundId, processedAt: new Date(now()) }
            : { status: 'failed', failureReason: result.reason })
          .where(eq(refunds.id, r.id))
          .returning();
        if (order) await tell(tx, saved!, processed ? 'order_refund_done' : 'refund_failed', order.userId, ref);
        return order?.userId ?? null;
      });
      if (tellUser) await deps.pushUnread([tellUser]);
    },

    async ofOrders(conn: Db | Tx, orderIds: string[]): Promise<Map<string, RefundRow[]>> {
      const out = new Map<string, RefundRow[]>();
      if (!orderIds.length) return out;
      const rows = await conn.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(refunds.createdAt);
      for (const r of rows) out.set(r.orderId, [...(out.get(r.orderId) ?? []), r]);
      return out;
    },
  };
}
export type RefundsService = ReturnType<typeof createRefundsService>;
