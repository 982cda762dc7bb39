import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../config/env.js';
import { user } from '../auth/index.js';
import { products } from '../products/index.js';
import { sellers } from '../sellers/index.js';
import { orders } from '../shopper/index.js';
import { ADDRESS } from '../../testing/commerce.js';
import { ORIGIN, startInstances, type Instances } from '../../testing/instances.js';
import { TestSocket } from '../../testing/ws-client.js';
import { auctionBids, auctions } from './tables.js';

// Issue 14 on two server processes sharing PostgreSQL and Redis: the same exactness as on one.
const env = readEnv();
const PEOPLE = 120;

describe.runIf(env.DATABASE_URL && env.REDIS_URL)('deals and auctions across two instances', () => {
  const ports = [5183, 5184] as const;
  let x: Instances;
  let sellerCookie: string;
  let streamId: string;
  const people: { cookie: string; port: number }[] = [];

  beforeAll(async () => {
    x = await startInstances([...ports], { OTP_SEND_LIMIT_PER_IP: '100000', API_RATE_LIMIT_PER_MINUTE: '1000000' });
    sellerCookie = await x.signIn(ports[0], '9100000000', 'Priya');
    const [seller] = await x.database.db.select().from(user).where(eq(user.phoneNumber, '+919100000000'));
    await x.database.db.insert(sellers).values({ userId: seller!.id, storeName: 'Two Cities Jewels', category: 'jewelry' });
    streamId = ((await (await x.call(ports[0], 'POST', '/api/streams', sellerCookie, { title: 'Flash sale on two boxes' })).json()) as { id: string }).id;
    for (let i = 0; i < PEOPLE; i += 20) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async (_, j) => {
            const port = ports[(i + j) % 2]!;
            return { cookie: await x.signIn(port, `91${String(10_000_001 + i + j)}`, `Buyer${i + j}`), port };
          }),
        )),
      );
    }
  }, 180_000);
  afterAll(() => x?.stop());

  async function product(stock: number) {
    const [s] = await x.database.db.select().from(sellers);
    const [p] = await x.database.db.insert(products).values({ sellerId: s!.id, name: 'Cocktail ring', price: '1299.00', category: 'jewelry', stockQuantity: stock }).returning();
    return p!.id;
  }

  it('a 10-unit deal sells exactly 10 to buyers split across the instances', async () => {
    const productId = await product(10);
    const started = await x.call(ports[1], 'POST', `/api/streams/${streamId}/deals`, sellerCookie, { productId, dealPrice: '799', units: 10, perBuyerLimit: 1, durationSeconds: 120 });
    expect(started.status).toBe(201);
    const dealId = ((await started.json()) as { id: string }).id;
    const addresses = await Promise.all(people.map(async (p) => ((await (await x.call(p.port, 'POST', '/api/addresses', p.cookie, ADDRESS)).json()) as { id: string }).id));
    const answers = await Promise.all(
      people.map((p, i) =>
        x.call(p.port, 'POST', '/api/orders', p.cookie, { items: [{ productId, quantity: 1 }], addressId: addresses[i], paymentMethod: 'upi', dealId, idempotencyKey: randomUUID() }),
      ),
    );
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(PEOPLE - 10);
    expect(await x.database.db.select().from(orders).where(eq(orders.dealId, dealId))).toHaveLength(10);
  }, 60_000);

  it('bids on both instances at once rise strictly to one winner, and each instance’s viewers see them', async () => {
    const productId = await product(1);
    const started = await x.call(ports[0], 'POST', `/api/streams/${streamId}/auctions`, sellerCookie, { productId, startingBid: '100', durationSeconds: 60 });
    const auctionId = ((await started.json()) as { id: string }).id;
    const watcher = await TestSocket.connect(`ws://127.0.0.1:${ports[1]}/ws`, { cookie: people[1]!.cookie, origin: ORIGIN });
    try {
      watcher.send({ type: 'join_stream', streamId });
      await watcher.nextOf('viewer_count_update');
      const bids = people.map((_, i) => ({ amount: String(100 + 10 * (i % 37)), idempotencyKey: randomUUID() }));
      const answers = await Promise.all(people.map((p, i) => x.call(p.port, 'POST', `/api/auctions/${auctionId}/bids`, p.cookie, bids[i])));
      expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
      const accepted = await x.database.db.select().from(auctionBids).where(eq(auctionBids.auctionId, auctionId)).orderBy(asc(auctionBids.createdAt), asc(auctionBids.amount));
      const amounts = accepted.map((b) => Number(b.amount));
      for (let i = 1; i < amounts.length; i++) expect(amounts[i]).toBeGreaterThan(amounts[i - 1]!);
      const [row] = await x.database.db.select().from(auctions).where(eq(auctions.id, auctionId));
      expect([row!.leaderId, row!.price]).toEqual([accepted.at(-1)!.userId, accepted.at(-1)!.amount]);
      // A bid accepted on one instance, sent again to the other after the price moved past it (a retry
      // whose answer was lost): accepted once, answered as accepted, no new row.
      const first = accepted.find((b) => b.idempotencyKey !== null && b.amount !== row!.price)!;
      const i = bids.findIndex((b) => b.idempotencyKey === first.idempotencyKey);
      const otherPort = ports.find((port) => port !== people[i]!.port)!;
      expect((await x.call(otherPort, 'POST', `/api/auctions/${auctionId}/bids`, people[i]!.cookie, bids[i])).status).toBe(201);
      expect(await x.database.db.select().from(auctionBids).where(eq(auctionBids.auctionId, auctionId))).toHaveLength(accepted.length);
      // The viewer on the other instance ends up seeing the final price (updates are coalesced, never lost).
      for (;;) {
        const update = await watcher.nextOf('auction_update', 5000);
        if ((update.auction as { highestBid: string | null }).highestBid === row!.price) break;
      }
    } finally {
      watcher.close();
    }
  }, 60_000);
});
