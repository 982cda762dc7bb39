import { inArray } from 'drizzle-orm';
import type { ParcelStatus } from '@live-market/contract';
import { orderItems, orders, pickupAddresses, returnEvents, returnItems, returns, shipmentEvents, shipmentOrders, shipments } from '../schema.js';
import type { Tx } from '../client.js';
import { simulatedAwb } from '../../modules/shipping/index.js';
import type { Sellers } from './sellers.js';

// Issue 27: each demo store's pickup address, and a parcel with its tracking for each shipped or
// delivered demo order, as the simulated courier would have reported it.
const PICKUPS = {
  priya: { name: "Priya's Kundan House", phone: '9876543210', pincode: '302003', state: 'Rajasthan', city: 'Jaipur', line1: '118, Johari Bazaar', line2: '' },
  anjali: { name: 'Kashi Banarasi Weaves', phone: '9415012345', pincode: '221001', state: 'Uttar Pradesh', city: 'Varanasi', line1: 'D-47/12, Ramapura', line2: 'Luxa Road' },
  sandeep: { name: 'Patil Kolhapuri & Ethnic', phone: '9822012345', pincode: '416012', state: 'Maharashtra', city: 'Kolhapur', line1: '1520 C Ward, Shivaji Road', line2: '' },
  kabir: { name: 'Bandra Lifestyle Co.', phone: '9820012345', pincode: '400050', state: 'Maharashtra', city: 'Mumbai', line1: '24, Hill Road', line2: 'Bandra West' },
} as const;

const HOUR = 3_600_000;

export async function insertParcels(tx: Tx, sellers: Sellers): Promise<number> {
  const byOwner = Object.entries(PICKUPS).map(([key, address]) => ({ sellerId: sellers[key as keyof Sellers].id, ...address }));
  await tx.insert(pickupAddresses).values(byOwner);
  const sent = await tx.select().from(orders).where(inArray(orders.status, ['shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'returned_to_origin']));
  for (const order of sent) {
    const from = byOwner.find((p) => p.sellerId === order.sellerId)!;
    const { sellerId: _, ...fromAddress } = from;
    const reference = `LMSEED${order.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
    const awb = simulatedAwb(reference);
    const placed = order.createdAt.getTime();
    const steps: [ParcelStatus, number, string][] = [
      ['pickup_scheduled', 2, from.city],
      ['picked_up', 6, from.city],
      ['in_transit', 14, `${order.address!.city} hub`],
    ];
    const to = order.address!.city;
    if (order.status !== 'shipped') steps.push(['out_for_delivery', 22, to]);
    if (order.status === 'delivered') steps.push(['delivered', 26, to]);
    if (order.status === 'delivery_failed' || order.status === 'returned_to_origin') steps.push(['delivery_failed', 26, to]);
    if (order.status === 'returned_to_origin') steps.push(['rto_initiated', 50, to], ['returned_to_origin', 96, from.city]);
    const [last] = steps.slice(-1);
    const [row] = await tx
      .insert(shipments)
      .values({
        reference,
        kind: 'forward',
        sellerId: order.sellerId,
        carrier: 'simulated',
        awb,
        courierName: 'LiveMarket Express',
        trackingUrl: `/orders?track=${awb}`,
        providerOrderId: reference,
        providerShipmentId: reference,
        status: last![0],
        statusAt: new Date(placed + last![1] * HOUR),
        etaDate: new Date(placed + 5 * 24 * HOUR).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }),
        weightGrams: 500,
        lengthCm: 20,
        breadthCm: 15,
        heightCm: 10,
        codPaise: 0,
        fromAddress,
        toAddress: { ...order.address!, line2: order.address!.line2 ?? '' },
        bookedAt: new Date(placed + 2 * HOUR),
        createdAt: new Date(placed + 2 * HOUR),
      })
      .returning({ id: shipments.id });
    await tx.insert(shipmentOrders).values({ orderId: order.id, shipmentId: row!.id });
    await tx.insert(shipmentEvents).values(steps.map(([status, hours, location]) => ({ shipmentId: row!.id, status, location, at: new Date(placed + hours * HOUR) })));
  }
  // The demo store's owner has a return to answer: the latest delivered order it sold asks for one.
  const priya = sellers.priya.id;
  const asked = sent.filter((o) => o.status === 'delivered' && o.sellerId === priya).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  if (asked) {
    const [line] = await tx.select().from(orderItems).where(inArray(orderItems.orderId, [asked.id]));
    const [row] = await tx
      .insert(returns)
      .values({ orderId: asked.id, userId: asked.userId, sellerId: priya, reason: 'not_as_described', note: 'The colour is much darker than in the show.', createdAt: new Date(asked.createdAt.getTime() + 30 * HOUR) })
      .returning({ id: returns.id });
    await tx.insert(returnItems).values({ returnId: row!.id, orderItemId: line!.id, quantity: line!.quantity });
    await tx.insert(returnEvents).values({ returnId: row!.id, status: 'requested' });
  }
  return sent.length;
}
