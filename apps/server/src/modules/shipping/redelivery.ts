import { eq, inArray } from 'drizzle-orm';
import type { Address, RedeliveryBody, Tracking } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import type { Deadlines } from '../../jobs/timers.js';
import { HttpError } from '../../plugins/errors.js';
import { findOrder, findOwnAddress } from '../orders/index.js';
import { checkPincode } from '../pincodes/index.js';
import { orders } from '../shopper/index.js';
import type { Carrier } from './carrier.js';
import { SIM_STEP_JOB, trackingOf } from './events.js';
import { ordersOfShipment, shipmentOfOrder } from './shipments.js';
import { shipments } from './tables.js';

/**
 * POST /api/orders/{id}/redelivery: after a failed attempt the buyer asks the courier to come again,
 * at the same address or another of theirs (item 5 of issue 27: "Try again tomorrow", "Change address").
 */
export function createRedelivery(deps: { db: Db; carrier: Carrier; deadlines: Deadlines; simStepSeconds: number; now: () => number }) {
  const { db } = deps;
  return async (userId: string, orderId: string, body: RedeliveryBody): Promise<Tracking> => {
    const found = await findOrder(db, orderId);
    if (!found || found.order.userId !== userId) throw new HttpError(404, 'Order not found');
    const row = await shipmentOfOrder(db, orderId);
    if (!row?.awb || row.status !== 'delivery_failed') throw new HttpError(409, 'Only a parcel the courier could not deliver can be tried again');
    let address: Omit<Address, 'id'> | undefined;
    if (body.addressId) {
      const saved = await findOwnAddress(db, userId, body.addressId);
      if (!saved) throw new HttpError(404, 'Address not found');
      checkPincode(saved.pincode, saved.state);
      // Couriers take a new street, landmark or phone for another attempt, not a new PIN code (the parcel is routed there).
      if (saved.pincode !== row.toAddress.pincode) throw new HttpError(409, 'The courier can try again only within PIN code {{pincode}}: choose an address there', { pincode: row.toAddress.pincode });
      const { id: _id, ...rest } = saved;
      address = rest;
    }
    try {
      await deps.carrier.reattempt({ awb: row.awb, providerShipmentId: row.providerShipmentId ?? row.reference, address });
    } catch {
      throw new HttpError(502, 'The courier did not answer: try again in a minute');
    }
    if (address) {
      const moved = address;
      await db.transaction(async (tx) => {
        await tx.update(shipments).set({ toAddress: moved }).where(eq(shipments.id, row.id));
        await tx.update(orders).set({ address: moved, updatedAt: new Date() }).where(inArray(orders.id, await ordersOfShipment(tx, row.id)));
      });
    }
    // The simulated courier goes out again a step from now; its own "no answer → back to the seller" step then finds it moved on.
    if (deps.carrier.name === 'simulated') {
      const at = deps.now() + deps.simStepSeconds * 1000;
      deps.deadlines.at(SIM_STEP_JOB, `${row.id}:redelivery:${at}`, { shipmentId: row.id, from: 'delivery_failed', to: 'out_for_delivery' }, at);
    }
    const [fresh] = await db.select().from(shipments).where(eq(shipments.id, row.id));
    return trackingOf(db, fresh!);
  };
}
