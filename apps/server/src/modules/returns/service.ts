import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { CATEGORY_RETURN_DAYS, ESCALATABLE_REASONS, paiseToRupees, type CreateReturnBody, type ReturnRequest } from '@live-market/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { notify } from '../notifications/index.js';
import { findOrder, orderEvents, orderRef, type OrderMoney } from '../orders/index.js';
import { products } from '../products/index.js';
import { refunds } from '../refunds/index.js';
import { shipments } from '../shipping/index.js';
import { orderItems } from '../shopper/index.js';
import { OPEN_RETURN_STATUSES, returnEvents, returnItems, returnPhotos, returns } from './tables.js';

type Body = z.output<typeof CreateReturnBody>;

/**
 * Units of a line no longer the buyer's to return. A return's refund is among the refunded units and its
 * units among the returned ones, and the store refunds only the whole rest of a line: so the larger of the
 * two, never their sum.
 */
export const unitsGone = (refunded: number, returned: number) => Math.max(refunded, returned);
type ReturnRow = typeof returns.$inferSelect;
type Status = ReturnRow['status'];
const DAY = 86_400_000;


/** A photo the buyer uploaded for a return (POST /api/uploads/return-photo): theirs to attach. */
export async function recordReturnPhoto(db: Db, userId: string, url: string): Promise<void> {
  await db.insert(returnPhotos).values({ url, userId }).onConflictDoNothing();
}

/** Whether every one of these photos was uploaded by this user (a return's or a review's). */
export async function photosOwnedBy(db: Db | Tx, userId: string, urls: readonly string[]): Promise<boolean> {
  if (!urls.length) return true;
  const mine = await db.select({ url: returnPhotos.url }).from(returnPhotos).where(and(inArray(returnPhotos.url, [...urls]), eq(returnPhotos.userId, userId)));
  return mine.length === new Set(urls).size;
}

export async function moveReturn(tx: Tx, row: ReturnRow, status: Status, extra: Partial<ReturnRow> = {}) {
  await tx.update(returns).set({ status, updatedAt: new Date(), ...extra }).where(eq(returns.id, row.id));
  await tx.insert(returnEvents).values({ returnId: row.id, status });
}

export async function returnDtos(db: Db | Tx, rows: ReturnRow[]): Promise<ReturnRequest[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select({ returnId: returnItems.returnId, orderItemId: returnItems.orderItemId, quantity: returnItems.quantity, name: orderItems.productName })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(inArray(returnItems.returnId, ids));
  const parcelIds = rows.flatMap((r) => (r.shipmentId ? [r.shipmentId] : []));
  const parcels = parcelIds.length ? await db.select({ id: shipments.id, awb: shipments.awb }).from(shipments).where(inArray(shipments.id, parcelIds)) : [];
  const key = (i: (typeof items)[number]) => `return:${i.returnId}:${i.orderItemId}`;
  const money = items.length ? await db.select().from(refunds).where(inArray(refunds.key, items.map(key))) : [];
  return rows.map((r) => {
    const mine = items.filter((i) => i.returnId === r.id);
    const paid = r.status === 'refunded' ? money.filter((m) => mine.some((i) => key(i) === m.key)) : [];
    const status = paid.some((m) => m.status === 'failed') ? 'failed' : paid.some((m) => m.status === 'pending') ? 'pending' : 'processed';
    return {
      id: r.id,
      orderId: r.orderId,
      status: r.status,
      awb: parcels.find((p) => p.id === r.shipmentId)?.awb ?? null,
      items: mine.map((i) => ({ orderItemId: i.orderItemId, name: i.name, quantity: i.quantity })),
      reason: r.reason,
      note: r.note,
      photoUrls: r.photoUrls,
      sellerNote: r.sellerNote,
      refund: paid.length ? { amount: paiseToRupees(paid.reduce((s, m) => s + m.amountPaise, 0)), status } : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export function createReturnsService(deps: { db: Db; money: Pick<OrderMoney, 'refundedItems'>; windowDays: number; pushUnread: (ids: string[]) => Promise<void>; now: () => number }) {
  const { db, now } = deps;

  /**
   * Each line's window is the policy it was sold with (issue 28), or for older orders its category's.
   * Whatever the policy, an item that came damaged, wrong or not as described goes back within
   * RETURN_WINDOW_DAYS at least: the Consumer Protection (E-Commerce) Rules 2020 forbid refusing those.
   */
  async function checkWindow(tx: Tx, orderId: string, body: Body, policies: Map<string, number>) {
    const [delivered] = await tx
      .select({ at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'delivered')))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    const since = delivered ? now() - delivered.at.getTime() : Infinity;
    for (const item of body.items) {
      const days = policies.get(item.orderItemId) ?? deps.windowDays;
      const defect = ESCALATABLE_REASONS.includes(body.reason);
      if (days === 0 && !defect) throw new HttpError(409, 'This item can be returned only if it arrived damaged, wrong or not as described');
      if (since > (defect ? Math.max(days, deps.windowDays) : days) * DAY) throw new HttpError(409, 'The return window for this order has closed');
    }
  }

  return {
    /** POST /api/orders/{id}/returns: the buyer, within the window, units of order lines not refunded or returned before. */
    async create(userId: string, orderId: string, body: Body): Promise<ReturnRequest> {
      const row = await db.transaction(async (tx) => {
        const found = await findOrder(tx, orderId, true);
        if (!found || found.order.userId !== userId) throw new HttpError(404, 'Order not found');
        if (found.order.status !== 'delivered') throw new HttpError(409, 'Only a delivered order can be returned');
        const [open] = await tx.select({ id: returns.id }).from(returns).where(and(eq(returns.orderId, orderId), inArray(returns.status, [...OPEN_RETURN_STATUSES])));
        if (open) throw new HttpError(409, 'A return for this order is already under way');
        const lines = await tx
          .select({ id: orderItems.id, quantity: orderItems.quantity, returnDays: orderItems.returnDays, category: products.category })
          .from(orderItems)
          .leftJoin(products, eq(products.id, orderItems.productId))
          .where(eq(orderItems.orderId, orderId));
        if (new Set(body.items.map((i) => i.orderItemId)).size !== body.items.length) throw new HttpError(400, 'Choose each item once');
        const refunded = await deps.money.refundedItems(tx, orderId);
        const returned = await tx
          .select({ id: returnItems.orderItemId, quantity: returnItems.quantity })
          .from(returnItems)
          .innerJoin(returns, eq(returns.id, returnItems.returnId))
          .where(and(eq(returns.orderId, orderId), notInArray(returns.status, ['rejected'])));
        for (const item of body.items) {
          const line = lines.find((l) => l.id === item.orderItemId);
          if (!line) throw new HttpError(404, 'This item is not in the order');
          const left = line.quantity - unitsGone(refunded.get(line.id) ?? 0, returned.filter((r) => r.id === line.id).reduce((n, r) => n + r.quantity, 0));
          if (left <= 0) throw new HttpError(409, 'This item was refunded already');
          if (item.quantity > left) throw new HttpError(400, 'Only {{units}} of this item can be returned', { units: left });
        }
        const policies = lines.flatMap((l) => (l.returnDays !== null ? [[l.id, l.returnDays] as const] : l.category ? [[l.id, CATEGORY_RETURN_DAYS[l.category]] as const] : []));
        await checkWindow(tx, orderId, body, new Map(policies));
        if (!(await photosOwnedBy(tx, userId, body.photoUrls))) throw new HttpError(400, 'Upload the photo first');
        const [created] = await tx.insert(returns).values({ orderId, userId, sellerId: found.order.sellerId, reason: body.reason, note: body.note, photoUrls: body.photoUrls }).returning();
        await tx.insert(returnItems).values(body.items.map((i) => ({ returnId: created!.id, orderItemId: i.orderItemId, quantity: i.quantity })));
        await tx.insert(returnEvents).values({ returnId: created!.id, status: 'requested' });
        await notify(tx, { userId: found.ownerId, type: 'order_update', kind: 'return_requested', params: { ref: orderRef(orderId) }, link: '/seller/dashboard' });
        return { row: created!, tell: found.ownerId };
      });
      await deps.pushUnread([row.tell]);
      return (await returnDtos(db, [row.row]))[0]!;
    },

    /** The buyer takes a refused return of a faulty item to the operator. */
    async escalate(userId: string, returnId: string): Promise<ReturnRequest> {
      const row = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
        if (!r || r.userId !== userId) throw new HttpError(404, 'Return not found');
        if (r.status !== 'rejected' || !ESCALATABLE_REASONS.includes(r.reason)) throw new HttpError(409, 'Only a refused return of a damaged, wrong or not-as-described item can be escalated');
        // Once: a refusal after an escalation is the operator's decision, and the grievance desk is the way on.
        const [before] = await tx.select({ id: returnEvents.id }).from(returnEvents).where(and(eq(returnEvents.returnId, r.id), eq(returnEvents.status, 'escalated'))).limit(1);
        if (before) throw new HttpError(409, 'The operator has decided this return already: write to Help & complaints if you disagree');
        await moveReturn(tx, r, 'escalated');
        return { ...r, status: 'escalated' as const };
      });
      return (await returnDtos(db, [row]))[0]!;
    },

    /** GET /api/orders/{id}/returns: the buyer's or the store's. */
    async ofOrder(userId: string, orderId: string): Promise<ReturnRequest[]> {
      const found = await findOrder(db, orderId);
      if (!found || (found.order.userId !== userId && found.ownerId !== userId)) throw new HttpError(404, 'Order not found');
      return returnDtos(db, await db.select().from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.createdAt)));
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
