import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rupeesToPaise, type Refund, type RefundMethodBody } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import { formatRupees } from '../../i18n/rupees.js';
import type { Deadlines } from '../../jobs/timers.js';
import { paiseToRupeeString, postRefund } from '../ledger/index.js';
import { notify, type UnreadPush } from '../notifications/index.js';
import { payments } from '../payments/tables.js';
import type { PayoutProvider, PayoutResult } from '../payouts/provider.js';
import { orderItems, orders } from '../shopper/tables.js';
import { addCredit } from '../store-credit/index.js';
import { HttpError } from '../../plugins/errors.js';
import { user } from '../auth/tables.js';
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
  /** Units of that item (a return of some of them); omitted: the units not refunded yet. */
  quantity?: number;
  /** The return it pays for: each return's units are refunded once. */
  returnId?: string;
  reason?: string | null;
  buyerId: string;
  ref: string;
}

/** Told when a refund is made (a credit note is issued in the same transaction). */
export type OnRefund = (tx: Tx, refund: RefundRow) => Promise<void>;

export interface RefundsDeps {
  db: Db;
  provider: RefundProvider;
  /** Pays a cash-on-delivery order's refund to the UPI id its buyer gives (the payouts provider). */
  upi: PayoutProvider;
  deadlines: Deadlines;
  pushUnread: UnreadPush;
  now: () => number;
  onRefund?: OnRefund;
}

/** What a refund sent to a UPI id means for the refund: the payout's states in the refund's words. */
function fromPayout(result: PayoutResult): RefundResult {
  if (result.status === 'paid') return { status: 'processed', providerRefundId: result.providerPayoutId };
  if (result.status === 'processing') return { status: 'pending', providerRefundId: result.providerPayoutId };
  return { status: 'failed', reason: result.reason };
}

/** Units of an order line refunded before this refund, and how many this one gives back (at most the rest). */
async function unitsOf(tx: Tx, orderId: string, orderItemId: string, asked: number | undefined) {
  const [item] = await tx.select({ quantity: orderItems.quantity }).from(orderItems).where(and(eq(orderItems.id, orderItemId), eq(orderItems.orderId, orderId)));
  if (!item) return { count: 0, after: 0, of: 0 };
  const before = (await tx.select({ quantity: refunds.quantity }).from(refunds).where(eq(refunds.orderItemId, orderItemId))).reduce((n, r) => n + (r.quantity ?? item.quantity), 0);
  const count = Math.min(asked ?? item.quantity, item.quantity - before);
  return { count, after: before + count, of: item.quantity };
}

export function createRefundsService(deps: RefundsDeps) {
  const { db, provider, deadlines, now } = deps;

  async function tell(tx: Tx, r: RefundRow, kind: 'refund_started' | 'order_refund_done' | 'refund_failed' | 'refund_choose', userId: string, ref: string) {
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

  /** Where the money goes decides who moves it: the gateway, the payouts provider (UPI), or our own credit. */
  async function settle(r: RefundRow): Promise<RefundResult> {
    if (r.method === 'store_credit') return { status: 'processed', providerRefundId: `credit:${r.id}` };
    if (r.method === 'upi') {
      const [buyer] = await db.select({ firstName: user.firstName, lastName: user.lastName, id: user.id }).from(user).innerJoin(orders, eq(orders.userId, user.id)).where(eq(orders.id, r.orderId));
      const request = {
        payoutId: r.id,
        // A UPI id that failed is chosen again: each id is its own payout.
        key: `refund:${r.id}:${r.vpa}`,
        sellerId: buyer?.id ?? r.orderId,
        amountPaise: r.amountPaise,
        destination: { kind: 'vpa' as const, accountHolderName: [buyer?.firstName, buyer?.lastName].filter(Boolean).join(' ') || 'LiveMarket buyer', ifsc: null, accountNumber: null, vpa: r.vpa, providerContactId: null, providerAccountId: null },
        narration: 'LiveMarket refund',
      };
      return fromPayout(r.providerRefundId ? await deps.upi.status(r.providerRefundId, request) : await deps.upi.send(request));
    }
    const [payment] = r.paymentId ? await db.select().from(payments).where(eq(payments.id, r.paymentId)) : [];
    const request = { refundId: r.id, providerPaymentId: payment?.providerPaymentId ?? null, amountPaise: r.amountPaise, notes: { order: r.orderId } };
    return r.providerRefundId ? provider.status(r.providerRefundId, request) : provider.refund(request);
  }

  return {
    /**
     * In the cancellation's (or the seller's item refund's) transaction: the ledger takes back the
     * seller's earnings and the refund is recorded, once whatever the retries (its key), then sent to
     * the gateway after the commit. Returns null when nothing was left to refund.
     */
    async start(tx: Tx, req: RefundRequestIn): Promise<RefundRow | null> {
      const id = randomUUID();
      const key = req.returnId ? `return:${req.returnId}:${req.orderItemId}` : req.orderItemId ? `item:${req.orderItemId}` : `order:${req.orderId}`;
      // One refund of an order at a time: each reads what the others gave back before taking its share.
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, req.orderId)).for('update');
      const [existing] = await tx.select().from(refunds).where(eq(refunds.key, key));
      if (existing) return existing;
      const units = req.orderItemId ? await unitsOf(tx, req.orderId, req.orderItemId, req.quantity) : null;
      if (units && units.count <= 0) return null;
      const amountPaise = await postRefund(tx, { id, orderId: req.orderId, orderItemId: req.orderItemId ?? null, units: units ?? undefined }, now());
      if (amountPaise <= 0) return null;
      const payment = await capturedPayment(tx, req.orderId);
      const [order] = await tx.select({ paymentMethod: orders.paymentMethod }).from(orders).where(eq(orders.id, req.orderId));
      // No gateway took the money: store credit goes back as credit; cash waits for the buyer's choice.
      const method = payment ? 'original' : order?.paymentMethod === 'store_credit' ? 'store_credit' : null;
      const [row] = await tx
        .insert(refunds)
        .values({
          id,
          orderId: req.orderId,
          orderItemId: req.orderItemId ?? null,
          quantity: units?.count ?? null,
          paymentId: payment?.id ?? null,
          amountPaise,
          method,
          provider: payment ? (payment.provider === 'razorpay' ? 'razorpay' : 'simulated') : 'none',
          key,
          reason: req.reason ?? null,
          createdAt: new Date(now()),
        })
        .returning();
      await tell(tx, row!, method ? 'refund_started' : 'refund_choose', req.buyerId, req.ref);
      await deps.onRefund?.(tx, row!);
      if (method) afterCommit(tx, () => deadlines.at(REFUND_JOB, row!.id, { refundId: row!.id }, now()));
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

    /**
     * The buyer of a cash-on-delivery order says where its refund goes: a UPI id, or store credit. Once:
     * a refund whose way is chosen keeps it.
     */
    async choose(userId: string, orderId: string, refundId: string, body: RefundMethodBody): Promise<Refund> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ refund: refunds, buyerId: orders.userId })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .where(and(eq(refunds.id, refundId), eq(refunds.orderId, orderId)))
          .for('update', { of: refunds });
        if (!found || found.buyerId !== userId) throw new HttpError(404, 'Refund not found');
        if (found.refund.method !== null || found.refund.status !== 'pending') throw new HttpError(409, 'You have already chosen how to get this refund');
        await tx
          .update(refunds)
          .set({ method: body.method, vpa: body.method === 'upi' ? body.vpa.toLowerCase() : null, provider: body.method === 'upi' ? deps.upi.name : 'none' })
          .where(eq(refunds.id, refundId));
        const at = now();
        afterCommit(tx, () => deadlines.at(REFUND_JOB, `${refundId}:chosen:${at}`, { refundId }, at));
        const [saved] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
        return toRefundDto(saved!);
      });
    },

    /** The job: asks the gateway (once per refund: our id is its reference) and records what it says. */
    async process(refundId: string): Promise<void> {
      const [r] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      if (!r || r.status !== 'pending' || r.method === null) return;
      const result = await settle(r);
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
        if (result.status === 'failed' && r.method === 'upi' && order) {
          // A UPI id that cannot be paid: the buyer chooses again (another id, or store credit).
          await tx.update(refunds).set({ method: null, vpa: null, providerRefundId: null, provider: 'none', failureReason: result.reason }).where(eq(refunds.id, r.id));
          await tell(tx, current, 'refund_choose', order.userId, ref);
          return order.userId;
        }
        if (processed && r.method === 'store_credit') {
          await addCredit(tx, { userId: order!.userId, amountPaise: r.amountPaise, key: `refund:${r.id}`, refundId: r.id, orderId: r.orderId, at: new Date(now()) });
        }
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

    /** Units of each of the order's items refunded alone (an item's refund without a quantity: all of it). */
    async unitsRefunded(conn: Db | Tx, orderId: string): Promise<Map<string, number>> {
      const rows = await conn
        .select({ itemId: orderItems.id, units: sql<string>`sum(coalesce(${refunds.quantity}, ${orderItems.quantity}))` })
        .from(refunds)
        .innerJoin(orderItems, eq(orderItems.id, refunds.orderItemId))
        .where(eq(refunds.orderId, orderId))
        .groupBy(orderItems.id);
      return new Map(rows.map((r) => [r.itemId, Number(r.units)]));
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
