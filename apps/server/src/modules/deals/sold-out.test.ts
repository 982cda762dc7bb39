import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env.js';
import type { Database } from '../../db/client.js';
import { makeProduct } from '../../testing/fixtures.js';
import { ADDRESS } from '../../testing/commerce.js';
import { startInstances, type Instances } from '../../testing/instances.js';
import { sellers } from '../sellers/index.js';
import { user } from '../auth/index.js';
import { deals } from './tables.js';

// Decision 051: a deal sold out on one instance is refused on the others before the deal row's lock,
// and a unit coming back clears that everywhere. Two server processes on one PostgreSQL and one Redis.
const env = readEnv();

describe.runIf(env.DATABASE_URL && env.REDIS_URL)('a sold-out deal across two instances', () => {
  const ports = [5197, 5198];
  let instances: Instances;
  let database: Database;

  beforeAll(async () => {
    instances = await startInstances(ports);
    database = instances.database;
  }, 60_000);
  afterAll(() => instances.stop());

  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

  it('refuses on the other instance without waiting for the row, and sells again once a unit comes back', async () => {
    const [a, b] = ports as [number, number];
    const sellerCookie = await instances.signIn(a, '9100000001', 'Priya');
    const [owner] = await database.db.select().from(user).where(eq(user.phoneNumber, '+919100000001'));
    const [store] = await database.db.insert(sellers).values({ userId: owner!.id, storeName: 'Flash Jewels', category: 'jewelry' }).returning();
    const stream = await json(await instances.call(a, 'POST', '/api/streams', sellerCookie, { title: 'One ring only' }));
    expect(stream.status).toBe(201);
    const product = await makeProduct(database.db, store!.id, { stockQuantity: 5, price: '1299.00' });
    const deal = await json(
      await instances.call(a, 'POST', `/api/streams/${stream.body.id}/deals`, sellerCookie, { productId: product.id, dealPrice: '799', units: 1, perBuyerLimit: 1, durationSeconds: 120 }),
    );
    expect(deal.status).toBe(201);
    const dealId = deal.body.id as string;

    const buyer = async (port: number, phone: string) => {
      const cookie = await instances.signIn(port, phone, 'Buyer');
      const address = await json(await instances.call(port, 'POST', '/api/addresses', cookie, ADDRESS));
      return { cookie, addressId: address.body.id as string };
    };
    const first = await buyer(a, '9100000002');
    const second = await buyer(b, '9100000003');
    const order = (port: number, who: { cookie: string; addressId: string }) =>
      instances.call(port, 'POST', '/api/orders', who.cookie, {
        items: [{ productId: product.id, quantity: 1 }],
        paymentMethod: 'upi',
        addressId: who.addressId,
        idempotencyKey: crypto.randomUUID(),
        dealId,
      });

    const bought = await json(await order(a, first));
    expect(bought.status).toBe(201);
    const orderId = (bought.body.order as { id: string }).id;
    // The news crosses Redis in a moment.
    await new Promise((r) => setTimeout(r, 300));

    // The deal's row is locked by someone else: an order that reached the lock would wait for it.
    await database.db.transaction(async (tx) => {
      await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
      const answer = await Promise.race([order(b, second).then(json), new Promise((r) => setTimeout(() => r('waited for the lock'), 3000))]);
      expect(answer).toEqual({ status: 409, body: { message: 'Sold out' } });
    });

    // The first buyer cancels: the unit goes back to the deal, and instance B sells it.
    expect((await instances.call(a, 'POST', `/api/orders/${orderId}/cancel`, first.cookie, {})).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const again = await json(await order(b, second));
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const [row] = await database.db.select().from(deals).where(eq(deals.id, dealId));
    expect(row!.unitsLeft).toBe(0);
  }, 60_000);
});
