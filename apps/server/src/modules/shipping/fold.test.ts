import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, placeOrder, saveAddress, ship } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { createFolder } from './fold.js';
import { currentOf, type Stamped } from './parcel-status.js';
import { shipmentEvents, shipments } from './tables.js';

// Folding a parcel's events into its status (fold.ts): by itself for the simulated courier, after a
// restart through the sweep, and with one parcel that cannot be folded holding up no other.
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let addressId: string;

const statusOf = async (awb: string) => (await t.database.db.select().from(shipments).where(eq(shipments.awb, awb)))[0]!;
const orderStatus = async (orderId: string) => (await call(t.app, 'GET', `/api/orders/${orderId}`, buyer)).json().status as string;

async function shippedOrder() {
  const p = await makeProduct(t.database.db, seller.sellerId, { price: '450.00', stockQuantity: 5 });
  const placed = await placeOrder(t.app, buyer, { productId: p.id, addressId, paymentMethod: 'cod' });
  const orderId = placed.json().order.id as string;
  return { orderId, awb: await ship(t.app, seller, orderId) };
}

beforeAll(async () => {
  t = await buildTestApp({ SIM_CARRIER_STEP_SECONDS: '1' });
  seller = await makeSeller(t.app, t.database.db, 'Priya');
  buyer = await makeUser(t.app, 'Rahul');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

describe('folding tracking events', () => {
  it('the simulated courier picks a booked parcel up by itself, and the order follows', async () => {
    const { orderId, awb } = await shippedOrder();
    expect((await statusOf(awb)).status).toBe('pickup_scheduled');
    await expect.poll(async () => (await statusOf(awb)).status, { timeout: 5000, interval: 100 }).not.toBe('pickup_scheduled');
    await expect.poll(() => orderStatus(orderId), { timeout: 5000, interval: 100 }).toBe('shipped');
  });

  it('after a restart between storing and folding, the sweep folds what was stored', async () => {
    const { orderId, awb } = await shippedOrder();
    const row = await statusOf(awb);
    // Stored by an instance that stopped before folding: the row is in, the parcel never moved.
    const at = new Date(Date.now() + 3_600_000);
    await t.database.db.execute(sql`insert into shipment_events (shipment_id, status, at, location) values (${row.id}, 'delivered', ${at.toISOString()}::timestamptz, 'Noida')`);
    expect((await statusOf(awb)).status).not.toBe('delivered');
    expect(await t.app.parcels.events.sweep()).toBeGreaterThanOrEqual(1);
    await t.app.parcels.events.settled();
    expect((await statusOf(awb)).status).toBe('delivered');
    expect(await orderStatus(orderId)).toBe('delivered');
  });

  it("the sweep picks the same status as the fold's order, ties of one rank at one moment included", async () => {
    // Random histories, stored without a fold; the sweep must land each parcel where currentOf says.
    const parcels = await Promise.all([shippedOrder(), shippedOrder(), shippedOrder(), shippedOrder()]);
    const base = Date.now() + 10 * 3_600_000;
    const statuses = ['in_transit', 'out_for_delivery', 'delivery_failed', 'out_for_delivery', 'delivery_failed', 'rto_initiated'] as const;
    const expected = new Map<string, Stamped | null>();
    for (const [k, { awb }] of parcels.entries()) {
      const row = await statusOf(awb);
      // Parcel k: a mix whose top is a tie between out_for_delivery and delivery_failed at one moment (k even).
      const events = statuses
        .slice(0, k % 2 === 0 ? 5 : 6)
        .map((status, i) => ({ status, at: new Date(base + (i >= 1 && i <= 2 ? 60_000 : (i % 3) * 1000)) }));
      for (const e of events) await t.database.db.execute(sql`insert into shipment_events (shipment_id, status, at) values (${row.id}, ${e.status}, ${e.at.toISOString()}::timestamptz)`);
      const history = await t.database.db.select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, row.id));
      expected.set(awb, currentOf(history));
    }
    await t.app.parcels.events.sweep();
    await t.app.parcels.events.settled();
    for (const { awb } of parcels) {
      const row = await statusOf(awb);
      expect({ status: row.status, at: row.statusAt?.toISOString() }).toEqual({ status: expected.get(awb)!.status, at: expected.get(awb)!.at.toISOString() });
    }
  });

  it('a parcel whose orders cannot follow is left for the sweep; the others in its batch are folded', async () => {
    const good = await Promise.all([shippedOrder(), shippedOrder(), shippedOrder()]);
    const bad = await shippedOrder();
    const badRow = await statusOf(bad.awb);
    const errors: unknown[] = [];
    const folder = createFolder({
      db: t.database.db,
      moved: async (_tx, row) => {
        if (row.id === badRow.id) throw new Error('this parcel cannot be folded');
        return [];
      },
      pushUnread: async () => {},
      onError: (err) => errors.push(err),
    });
    const at = new Date(Date.now() + 7_200_000);
    for (const { awb } of [...good, bad]) folder.mark((await statusOf(awb)).id, { status: 'returned_to_origin', at });
    folder.drain();
    await folder.settled();
    for (const { awb } of good) expect((await statusOf(awb)).status).toBe('returned_to_origin');
    expect((await statusOf(bad.awb)).status).toBe(badRow.status);
    expect(errors).toHaveLength(1);
  });
});
