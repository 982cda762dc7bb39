import { and, desc, eq, sql } from 'drizzle-orm';
import { paiseToRupees, type AdminRefundResult, type RefundApproval } from '@live-market/contract';
import type { Db, Tx } from '../../db/client.js';
import { afterCommit } from '../../db/after-commit.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../plugins/errors.js';
import { displayName, user } from '../auth/index.js';
import type { UnreadPush } from '../notifications/index.js';
import { orderRef } from '../orders/index.js';
import type { RefundsService } from '../refunds/index.js';
import { orders } from '../shopper/index.js';
import { writeAudit } from './audit.js';
import { refundablePaise } from './queues.js';
import { refundApprovals } from './tables.js';

type ApprovalRow = typeof refundApprovals.$inferSelect;

/** Issue 28: up to the limit an operator refunds alone; above it, a second operator approves. */
export const needsSecondOperator = (amountPaise: number, limitPaise: number) => amountPaise > limitPaise;

/**
 * An operator's refund of what is left of an order, through issue 26's refunds: the ledger takes the
 * sales back and the gateway is asked once (the refund's key, `order:<id>`, is the one a cancellation
 * uses: whatever path comes second finds nothing left). The order's row lock orders concurrent ones.
 */
export function createOperatorRefunds(deps: { db: Db; refunds: Pick<RefundsService, 'start'>; pushUnread: UnreadPush; limitPaise: number }) {
  const { db } = deps;

  async function lockedOrder(tx: Tx, orderId: string) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new HttpError(404, 'Order not found');
    return order;
  }

  /** In the caller's transaction, under the order's lock. Returns the amount refunded. */
  async function refundNow(tx: Tx, order: typeof orders.$inferSelect, reason: string): Promise<number> {
    const refund = await deps.refunds.start(tx, { orderId: order.id, reason: `operator: ${reason}`, buyerId: order.userId, ref: orderRef(order.id) });
    if (!refund) throw new HttpError(409, 'Nothing is left to refund on this order');
    // Nothing of the order is left unrefunded: its payment is refunded, as when a return takes the last item.
    await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: new Date() }).where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'paid')));
    afterCommit(tx, () => deps.pushUnread([order.userId]));
    return refund.amountPaise;
  }

  async function toDto(rows: ApprovalRow[]): Promise<RefundApproval[]> {
    const names = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.requestedBy))) {
      const [u] = await db.select({ firstName: user.firstName, lastName: user.lastName }).from(user).where(eq(user.id, id));
      names.set(id, u ? displayName(u) : '');
    }
    return rows.map((r) => ({
      id: r.id,
      orderId: r.orderId,
      orderRef: orderRef(r.orderId),
      amount: paiseToRupees(r.amountPaise),
      reason: r.reason,
      requestedBy: names.get(r.requestedBy) ?? '',
      requestedById: r.requestedBy,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** The approval, locked, still pending, and not the deciding operator's own request. */
  async function pendingFor(tx: Tx, approvalId: string, operatorId: string): Promise<ApprovalRow> {
    const [row] = await tx.select().from(refundApprovals).where(eq(refundApprovals.id, approvalId)).for('update');
    if (!row) throw new HttpError(404, 'Refund approval not found');
    if (row.status !== 'pending') throw new HttpError(409, 'This refund has been decided already');
    if (row.requestedBy === operatorId) throw new HttpError(409, 'You asked for this refund: another operator must approve or decline it');
    return row;
  }

  async function decided(approvalId: string): Promise<RefundApproval> {
    return (await toDto(await db.select().from(refundApprovals).where(eq(refundApprovals.id, approvalId))))[0]!;
  }

  return {
    async refund(operatorId: string, orderId: string, reason: string): Promise<AdminRefundResult> {
      try {
        return await db.transaction(async (tx) => {
          const order = await lockedOrder(tx, orderId);
          const left = await refundablePaise(tx, orderId);
          if (left <= 0) throw new HttpError(409, 'Nothing is left to refund on this order');
          if (needsSecondOperator(left, deps.limitPaise)) {
            const [approval] = await tx.insert(refundApprovals).values({ orderId, amountPaise: left, reason, requestedBy: operatorId }).returning();
            await writeAudit(tx, { operatorId, action: 'refund_requested', targetType: 'order', targetId: orderId, reason, details: { amount: paiseToRupees(left), approvalId: approval!.id } });
            return { status: 'awaiting_approval' as const, amount: paiseToRupees(left), approvalId: approval!.id };
          }
          const paise = await refundNow(tx, order, reason);
          await writeAudit(tx, { operatorId, action: 'refund_issued', targetType: 'order', targetId: orderId, reason, details: { amount: paiseToRupees(paise) } });
          return { status: 'refunded' as const, amount: paiseToRupees(paise), approvalId: null };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'A refund of this order is already waiting for approval');
        throw error;
      }
    },

    async pending(): Promise<RefundApproval[]> {
      return toDto(await db.select().from(refundApprovals).where(eq(refundApprovals.status, 'pending')).orderBy(desc(refundApprovals.createdAt)).limit(200));
    },

    /** A different operator, once: two at the same moment take turns on the row, and the second finds it decided. */
    async approve(operatorId: string, approvalId: string, reason: string): Promise<RefundApproval> {
      await db.transaction(async (tx) => {
        const pending = await pendingFor(tx, approvalId, operatorId);
        const order = await lockedOrder(tx, pending.orderId);
        const paise = await refundNow(tx, order, pending.reason);
        await tx.update(refundApprovals).set({ status: 'approved', decidedBy: operatorId, decisionReason: reason, decidedAt: sql`now()` }).where(eq(refundApprovals.id, approvalId));
        const details = { amount: paiseToRupees(paise), orderId: pending.orderId, requestedBy: pending.requestedBy };
        await writeAudit(tx, { operatorId, action: 'refund_approved', targetType: 'approval', targetId: approvalId, reason, details });
      });
      return decided(approvalId);
    },

    async decline(operatorId: string, approvalId: string, reason: string): Promise<RefundApproval> {
      await db.transaction(async (tx) => {
        const pending = await pendingFor(tx, approvalId, operatorId);
        await tx.update(refundApprovals).set({ status: 'declined', decidedBy: operatorId, decisionReason: reason, decidedAt: sql`now()` }).where(eq(refundApprovals.id, approvalId));
        await writeAudit(tx, { operatorId, action: 'refund_declined', targetType: 'approval', targetId: approvalId, reason, details: { orderId: pending.orderId } });
      });
      return decided(approvalId);
    },
  };
}

export type OperatorRefunds = ReturnType<typeof createOperatorRefunds>;
