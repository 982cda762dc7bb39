import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { readEnv } from '../../config/env.js';
import { fromPool, type Database } from '../../db/client.js';
import { call, PICKUP, placeOrder, saveAddress } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { ledgerLines } from '../ledger/index.js';
import { products } from '../products/tables.js';
import { refunds } from '../refunds/index.js';
import { simulatedRefunds } from '../refunds/simulated.js';

// Issue 27 on two instances sharing one PostgreSQL: a parcel booked from both at once is booked (and
// charged) once; a courier's events delivered to both, repeated and out of order, move each order once,
// with its money and stock; a return's parcel the same.
const SECRET = 'carrier-secret-for-tests-0123456789';
const MINUTE = 60_000;

describe.runIf(readEnv().DATABASE_URL)('parcels on two instances', () => {
  let t: TestApp;
  let other: Database;
  let b: FastifyInstance;
  let seller: TestSeller;
  let buyer: TestUser;
  let addressId: string;
  const both = () => [t.app, b] as const;
  const start = Date.now() + MINUTE;
  const at = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();

  /** Every event to both instances at once, each twice, in the order given. */
  async function hookBoth(events: object[]) {
    const sends = [...events, ...events].flatMap((event) =>
      both().map((app) => app.inject({ method: 'POST', url: '/api/shipping/webhooks/simulated', headers: { 'x-carrier-secret': SECRET }, payload: { events: [event] } })),
    );
    for (const res of await Promise.all(sends)) expect(res.statusCode, res.body).toBe(200);
    await Promise.all(both().map((app) => app.parcels.events.settled()));
  }

  async function order(paymentMethod: 'cod' | 'upi', productId: string) {
    const placed = (await placeOrder(t.app, buyer, { productId, addressId, paymentMethod })).json();
    if (paymentMethod === 'upi') await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
    return placed.order.id as string;
  }

  /** Booked from both instances at the same moment: one AWB, answered to both. */
  async function shipFromBoth(orderId: string): Promise<string> {
    const dims = { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 };
    const answers = await Promise.all(both().map((app) => call(app, 'POST', `/api/orders/${orderId}/shipment`, seller, dims)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers[0]!.json().awb).toBe(answers[1]!.json().awb);
    return answers[0]!.json().awb;
  }

  beforeAll(async () => {
    const refundsProvider = simulatedRefunds({ delayMs: 0 });
    t = await buildTestApp({ SHIPPING_WEBHOOK_SECRET: SECRET }, null, { moneyProviders: { refunds: refundsProvider } });
    other = fromPool(new pg.Pool({ connectionString: t.databaseUrl, max: 5 }));
    b = await buildApp({ config: t.config, database: other, printOtp: () => {}, webDist: '/nonexistent', housekeeping: false, moneyProviders: { refunds: refundsProvider } });
    await b.ready();
    seller = await makeSeller(t.app, t.database.db, 'Priya');
    buyer = await makeUser(t.app, 'Rahul');
    addressId = await saveAddress(t.app, buyer);
    expect((await call(b, 'PUT', '/api/seller/pickup-address', seller, PICKUP)).statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await other?.close();
    await t?.close();
  });

  it('books and charges a parcel once; delivers cash orders and brings prepaid ones back, each once', async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { price: '450.00', stockQuantity: 20 });
    const cash = [await order('cod', p.id), await order('cod', p.id), await order('cod', p.id)];
    const prepaid = [await order('upi', p.id), await order('upi', p.id), await order('upi', p.id)];
    const awbs = new Map<string, string>();
    for (const id of [...cash, ...prepaid]) awbs.set(id, await shipFromBoth(id));
    const charged = await t.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.sellerId, seller.sellerId), inArray(ledgerLines.type, ['shipping', 'shipping_gst'])));
    expect(charged).toHaveLength(12); // a fee and its GST for each of the six parcels

    // Delivered arrives first; the scans before it come late. Returned-to-origin the same.
    await hookBoth([
      ...cash.flatMap((id) => [
        { awb: awbs.get(id), status: 'delivered', at: at(50) },
        { awb: awbs.get(id), status: 'out_for_delivery', at: at(40) },
        { awb: awbs.get(id), status: 'picked_up', at: at(1) },
      ]),
      ...prepaid.flatMap((id) => [
        { awb: awbs.get(id), status: 'returned_to_origin', at: at(90) },
        { awb: awbs.get(id), status: 'delivery_failed', at: at(40) },
        { awb: awbs.get(id), status: 'rto_initiated', at: at(60) },
      ]),
    ]);
    for (const id of cash) expect((await call(b, 'GET', `/api/orders/${id}`, buyer)).json()).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    for (const id of prepaid) expect((await call(t.app, 'GET', `/api/orders/${id}`, buyer)).json()).toMatchObject({ status: 'returned_to_origin', paymentStatus: 'refunded' });
    const sales = await t.database.db.select().from(ledgerLines).where(and(eq(ledgerLines.type, 'sale'), inArray(ledgerLines.orderId, [...cash, ...prepaid])));
    expect(sales).toHaveLength(6);
    const refunded = await t.database.db.select({ orderId: refunds.orderId, n: sql<number>`count(*)::int` }).from(refunds).where(inArray(refunds.orderId, prepaid)).groupBy(refunds.orderId);
    expect(refunded.map((r) => r.n)).toEqual([1, 1, 1]);
    // 20 in stock, 6 sold, the 3 that came back restocked once each.
    expect((await t.database.db.select().from(products).where(eq(products.id, p.id)))[0]!.stockQuantity).toBe(17);
  });

  it("refunds a return once when its parcel's events reach both instances", async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { price: '700.00', stockQuantity: 3 });
    const orderId = await order('upi', p.id);
    const awb = await shipFromBoth(orderId);
    await hookBoth([{ awb, status: 'delivered', at: at(30) }]);
    const detail = (await call(t.app, 'GET', `/api/orders/${orderId}`, buyer)).json();
    const asked = await call(b, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: detail.items[0].id, quantity: 1 }], reason: 'damaged', note: 'Cracked', photoUrls: [] });
    expect(asked.statusCode, asked.body).toBe(201);
    const approvals = await Promise.all(both().map((app) => call(app, 'PATCH', `/api/returns/${asked.json().id}`, seller, { status: 'approved' })));
    const reverse = approvals.map((r) => r.json().awb as string);
    expect(reverse[0]).toBeTruthy();
    expect(reverse[1]).toBe(reverse[0]);
    await hookBoth([
      { awb: reverse[0], status: 'delivered', at: at(200) },
      { awb: reverse[0], status: 'picked_up', at: at(100) },
    ]);
    const [done] = (await call(b, 'GET', `/api/orders/${orderId}/returns`, buyer)).json();
    expect(done).toMatchObject({ status: 'refunded', refund: { amount: '700.00' } });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect((await t.database.db.select().from(products).where(eq(products.id, p.id)))[0]!.stockQuantity).toBe(3);
  });
});
