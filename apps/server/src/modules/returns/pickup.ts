import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AnswerReturnBody, ParcelStatus, ReturnRequest } from '@live-market/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { notify } from '../notifications/index.js';
import { findOrder, orderRef, type OrderMoney } from '../orders/index.js';
import { products } from '../products/index.js';
import { newReference, readPickup, shipments, type Carrier, type Shipper } from '../shipping/index.js';
import { orderItems, orders } from '../shopper/index.js';
import { moveReturn, returnDtos } from './service.js';
import { returnItems, returns } from './tables.js';

type Answer = z.output<typeof AnswerReturnBody>;
type ReturnRow = typeof returns.$inferSelect;
/** The courier's reverse pickup only moves a return forward along these. */
const ORDER: ReturnRow['status'][] = ['approved', 'pickup_scheduled', 'picked_up', 'received', 'refunded'];

/** Reverse pickups: the seller's answer books one; the courier's tracking of it refunds the buyer. */
export function createReturnPickups(deps: { db: Db; carrier: Carrier; shipper: Shipper; money: Pick<OrderMoney, 'refund'>; pushUnread: (ids: string[]) => Promise<void> }) {
  const { db } = deps;

  /** The parcel row, committed before the carrier is asked (as for a forward parcel), from the buyer's address to the store's pickup. */
  async function reservePickup(returnId: string): Promise<string> {
    return db.transaction(async (tx) => {
      const [r] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
      if (!r) throw new HttpError(404, 'Return not found');
      if (r.shipmentId) return r.shipmentId;
      const [order] = await tx.select().from(orders).where(eq(orders.id, r.orderId));
      const pickup = await readPickup(tx, r.sellerId);
      if (!pickup) throw new HttpError(409, 'Add your pickup address before your first shipment');
      const a = order!.address!;
      const id = randomUUID();
      await tx.insert(shipments).values({
        id,
        reference: newReference(id),
        kind: 'return',
        sellerId: r.sellerId,
        carrier: deps.carrier.name,
        weightGrams: 500,
        lengthCm: 20,
        breadthCm: 15,
        heightCm: 10,
        fromAddress: { name: a.name, phone: a.phone, pincode: a.pincode, state: a.state, city: a.city, line1: a.line1, line2: a.line2 ?? '' },
        toAddress: pickup,
      });
      await tx.update(returns).set({ shipmentId: id, updatedAt: new Date() }).where(eq(returns.id, returnId));
      return id;
    });
  }

  async function book(returnId: string) {
    const shipmentId = await reservePickup(returnId);
    const items = await db.select({ id: returnItems.orderItemId }).from(returnItems).where(eq(returnItems.returnId, returnId));
    await deps.shipper.book(shipmentId, { orderItemIds: items.map((i) => i.id) });
  }

  return {
    /** PATCH /api/returns/{id}: the store approves (the courier is booked) or refuses, saying why. */
    async answer(userId: string, returnId: string, body: Answer): Promise<ReturnRequest> {
      const tell = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
        const found = r ? await findOrder(tx, r.orderId) : null;
        if (!r || found?.ownerId !== userId) throw new HttpError(404, 'Return not found');
        if (r.status === body.status || (body.status === 'approved' && ORDER.includes(r.status))) return null; // a retry
        if (r.status !== 'requested') throw new HttpError(409, 'This return has been answered already');
        if (body.status === 'rejected' && !body.note) throw new HttpError(400, 'Say why you are refusing this return');
        await moveReturn(tx, r, body.status, { sellerNote: body.note });
        await notify(tx, { userId: r.userId, type: 'order_update', kind: body.status === 'approved' ? 'return_approved' : 'return_rejected', params: { ref: orderRef(r.orderId) }, link: '/orders' });
        return r.userId;
      });
      if (tell) await deps.pushUnread([tell]);
      const [now] = await db.select().from(returns).where(eq(returns.id, returnId));
      // Approved (now or before, its booking lost): the courier comes for it. A failure here is retried by answering again.
      if (ORDER.includes(now!.status) && now!.status === 'approved') await book(returnId);
      const [after] = await db.select().from(returns).where(eq(returns.id, returnId));
      return (await returnDtos(db, [after!]))[0]!;
    },

    /**
     * Issue 28: the operator decides a return its buyer escalated. 'refund' approves it as the store
     * would have (the courier is booked; the buyer is refunded once it is back); 'reject' closes it.
     * `within` is the operator's own work (the audit line), in the same transaction.
     */
    async decide(returnId: string, decision: 'refund' | 'reject', within: (tx: Tx) => Promise<void>): Promise<ReturnRequest> {
      const tell = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(returns).where(eq(returns.id, returnId)).for('update');
        if (!r) throw new HttpError(404, 'Return not found');
        // Approved before but its pickup not booked (the courier was down): booking is tried again.
        if (decision === 'refund' && r.status === 'approved' && !r.shipmentId) return null;
        if (r.status !== 'escalated') throw new HttpError(409, 'Only an escalated return can be decided');
        await moveReturn(tx, r, decision === 'refund' ? 'approved' : 'rejected');
        const kind = decision === 'refund' ? 'return_approved' : 'return_rejected';
        await notify(tx, { userId: r.userId, type: 'order_update', kind, params: { ref: orderRef(r.orderId) }, link: '/orders' });
        await within(tx);
        return r.userId;
      });
      if (tell) await deps.pushUnread([tell]);
      if (decision === 'refund') await book(returnId);
      const [after] = await db.select().from(returns).where(eq(returns.id, returnId));
      return (await returnDtos(db, [after!]))[0]!;
    },

    /**
     * The reverse pickup's tracking moved (inside the event's transaction): picked up, then delivered to
     * the store, which is the return received: each line is refunded (issue 26's refunds, once each) and
     * its units go back on the shelf.
     */
    async parcelMoved(tx: Tx, shipmentId: string, status: ParcelStatus): Promise<string[]> {
      const [r] = await tx.select().from(returns).where(eq(returns.shipmentId, shipmentId)).for('update');
      if (!r) return [];
      const to: ReturnRow['status'] | null = status === 'pickup_scheduled' ? 'pickup_scheduled' : status === 'delivered' ? 'received' : ['picked_up', 'in_transit', 'out_for_delivery'].includes(status) ? 'picked_up' : null;
      if (!to || ORDER.indexOf(to) <= ORDER.indexOf(r.status)) return [];
      await moveReturn(tx, r, to);
      const ref = orderRef(r.orderId);
      if (to === 'picked_up') {
        await notify(tx, { userId: r.userId, type: 'order_update', kind: 'return_picked_up', params: { ref }, link: '/orders' });
        return [r.userId];
      }
      if (to !== 'received') return [];
      const lines = await tx
        .select({ id: returnItems.orderItemId, quantity: returnItems.quantity, productId: orderItems.productId })
        .from(returnItems)
        .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
        .where(eq(returnItems.returnId, r.id));
      for (const line of lines) {
        const refunded = await deps.money.refund(tx, { orderId: r.orderId, orderItemId: line.id, quantity: line.quantity, returnId: r.id, reason: `return: ${r.reason}`, buyerId: r.userId, ref });
        // Units the store had refunded meanwhile went back on its shelf then.
        if (refunded && line.productId) await tx.update(products).set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}`, updatedAt: new Date() }).where(eq(products.id, line.productId));
      }
      // Every line of the order refunded: the order's payment is refunded too.
      await tx.execute(sql`
        update ${orders} o set payment_status = 'refunded', updated_at = now()
        where o.id = ${r.orderId} and o.payment_status = 'paid'
          and not exists (select 1 from ${orderItems} i where i.order_id = o.id and not exists (select 1 from refunds f where f.order_item_id = i.id))`);
      await moveReturn(tx, { ...r, status: 'received' }, 'refunded');
      const found = await findOrder(tx, r.orderId);
      await notify(tx, { userId: found!.ownerId, type: 'order_update', kind: 'return_received', params: { ref }, link: '/seller/dashboard' });
      return [r.userId, found!.ownerId];
    },
  };
}

export type ReturnPickups = ReturnType<typeof createReturnPickups>;
