import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../jobs/clock.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { call, placeOrder, saveAddress } from '../../testing/commerce.js';
import { storeBans } from '../moderation/tables.js';
import { products } from '../products/index.js';
import { notifications, orders } from '../shopper/index.js';
import { dealWaitlist, deals } from './tables.js';

// Issue 14, flash deals: allocated units, the per-buyer limit, releases, the waitlist's 2-minute hold.
const clock = new TestClock(Date.now());
let t: TestApp;
let seller: TestSeller;
let streamId: string;
let buyers: { user: TestUser; addressId: string }[];
const RACERS = 200;

beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '100000', API_RATE_LIMIT_PER_MINUTE: '1000000' }, null, { jobs: { clock } });
  seller = await makeSeller(t.app, t.database.db);
  streamId = await goLive(t.app, seller, 'Cocktail Rings Flash Sale');
  buyers = [];
  for (let i = 0; i < RACERS; i += 20) {
    buyers.push(
      ...(await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const user = await makeUser(t.app, `Buyer${i + j}`);
          return { user, addressId: await saveAddress(t.app, user) };
        }),
      )),
    );
  }
}, 240_000);
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: TestUser | null, payload?: object) => call(t.app, method, url, who, payload);
const stockOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const dealRow = async (id: string) => (await t.database.db.select().from(deals).where(eq(deals.id, id)))[0]!;
const selling = () => t.app.selling.deals;

async function startDeal(body: Partial<{ dealPrice: string; units: number; perBuyerLimit: number; durationSeconds: number }> = {}, stock = 50) {
  // One deal at a time per show: whatever ran before is ended first.
  const active = (await req('GET', `/api/streams/${streamId}/deal/active`, seller)).json();
  if (active?.isActive) expect((await req('PATCH', `/api/deals/${active.id}`, seller, { isActive: false })).statusCode).toBe(200);
  const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: stock, price: '1299.00', name: 'Cocktail ring' });
  const res = await req('POST', `/api/streams/${streamId}/deals`, seller, { productId: p.id, dealPrice: '799', units: 10, perBuyerLimit: 1, durationSeconds: 120, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { productId: p.id, deal: res.json() };
}

const buy = (b: { user: TestUser; addressId: string }, productId: string, dealId: string, extra: object = {}) =>
  placeOrder(t.app, b.user, { productId, addressId: b.addressId, paymentMethod: 'upi', dealId, ...extra });

describe('starting a flash deal', () => {
  it('is the owner’s, below the price, within stock, one at a time, and allocates its units', async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 12, price: '1299.00' });
    const body = { productId: p.id, dealPrice: '799', units: 10, perBuyerLimit: 1, durationSeconds: 60 };
    const url = `/api/streams/${streamId}/deals`;
    expect((await req('POST', url, buyers[0]!.user, body)).statusCode).toBe(403);
    expect((await req('POST', url, null, body)).statusCode).toBe(401);
    const dear = await req('POST', url, seller, { ...body, dealPrice: '1299' });
    expect(dear.statusCode).toBe(409);
    expect(dear.json().message).toBe('The deal price must be below the price (₹1,299.00)');
    const many = await req('POST', url, seller, { ...body, units: 13 });
    expect(many.statusCode).toBe(409);
    expect(many.json().message).toBe('Only 12 left in stock');
    expect((await req('POST', url, seller, { ...body, durationSeconds: 301 })).json().message).toBe('A deal runs 10 to 300 seconds');

    const started = await req('POST', url, seller, body);
    expect(started.statusCode).toBe(201);
    const deal = started.json();
    expect(deal).toMatchObject({ productId: p.id, dealPrice: '799.00', price: '1299.00', units: 10, unitsLeft: 10, perBuyerLimit: 1, isActive: true });
    expect(new Date(deal.endsAt).getTime() - new Date(deal.serverNow).getTime()).toBe(60_000);
    expect(await stockOf(p.id)).toBe(2);
    const again = await req('POST', url, seller, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This show already has a deal running');

    const seen = (await req('GET', `/api/streams/${streamId}/deal/active`, buyers[0]!.user)).json();
    expect(seen).toMatchObject({ id: deal.id, unitsLeft: 10, viewer: { bought: 0, waitlisted: false, holdUntil: null } });
    expect((await req('GET', `/api/streams/${streamId}/deal/active`, null)).json().viewer).toBeUndefined();

    // Ended early: what is left goes back to the product, and nobody buys at the deal's price any more.
    expect((await req('PATCH', `/api/deals/${deal.id}`, buyers[0]!.user, { isActive: false })).statusCode).toBe(403);
    const ended = await req('PATCH', `/api/deals/${deal.id}`, seller, { isActive: false });
    expect(ended.json()).toMatchObject({ isActive: false, unitsLeft: 0 });
    expect(await stockOf(p.id)).toBe(12);
    const late = await buy(buyers[0]!, p.id, deal.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This deal has ended');
  });
});

describe('exactness under races', () => {
  it('200 buyers race for 10 units with a limit of 1: exactly 10 orders', async () => {
    const { productId, deal } = await startDeal({ units: 10, perBuyerLimit: 1 });
    const answers = await Promise.all(buyers.map((b) => buy(b, productId, deal.id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(RACERS - 10);
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(new Set(['Sold out']));
    const placed = await t.database.db.select().from(orders).where(eq(orders.dealId, deal.id));
    expect(placed).toHaveLength(10);
    expect(new Set(placed.map((o) => o.totalAmount))).toEqual(new Set(['799.00']));
    expect((await dealRow(deal.id)).unitsLeft).toBe(0);
    expect(await stockOf(productId)).toBe(40);
  }, 120_000);

  it('one buyer firing 5 orders at once against a limit of 2 gets 2', async () => {
    const { productId, deal } = await startDeal({ units: 10, perBuyerLimit: 2 });
    const b = buyers[1]!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(b, productId, deal.id)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(2);
    const refused = answers.filter((a) => a.statusCode === 409).map((a) => a.json().message);
    expect(refused).toEqual(Array(3).fill('At most 2 per buyer in this deal'));
    expect((await dealRow(deal.id)).unitsLeft).toBe(8);
    // A replayed key is the same order, not a third unit.
    const key = randomUUID();
    const other = buyers[2]!;
    const first = await buy(other, productId, deal.id, { idempotencyKey: key, quantity: 2 });
    const replay = await buy(other, productId, deal.id, { idempotencyKey: key, quantity: 2 });
    expect([first.statusCode, replay.statusCode]).toEqual([201, 200]);
    expect(replay.json().order.id).toBe(first.json().order.id);
    expect((await dealRow(deal.id)).unitsLeft).toBe(6);
  });

  it('a deal is bought on its own, for its own product', async () => {
    const { deal } = await startDeal();
    const other = await makeProduct(t.database.db, seller.sellerId);
    const wrong = await buy(buyers[3]!, other.id, deal.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('This deal is for another product');
    expect((await req('POST', '/api/orders', buyers[3]!.user, { items: [{ productId: other.id, quantity: 1 }], addressId: buyers[3]!.addressId, paymentMethod: 'upi', dealId: randomUUID(), idempotencyKey: randomUUID() })).statusCode).toBe(404);
  });
});

describe('units that come back', () => {
  it('refuses the deal price to a viewer the store banned or timed out, as the waitlist does', async () => {
    const { productId, deal } = await startDeal({ units: 3, perBuyerLimit: 1 });
    const [banned, muted] = [buyers[12]!, buyers[13]!];
    await t.database.db.insert(storeBans).values([
      { sellerId: seller.sellerId, userId: banned.user.id, until: null, createdBy: seller.id },
      { sellerId: seller.sellerId, userId: muted.user.id, until: new Date(Date.now() + 600_000), createdBy: seller.id },
    ]);
    const refused = await buy(banned, productId, deal.id);
    expect([refused.statusCode, refused.json().message]).toEqual([403, "You are banned from this store's shows"]);
    expect((await buy(muted, productId, deal.id)).statusCode).toBe(403);
    // Nothing was taken: no order, every unit still there.
    expect((await dealRow(deal.id)).unitsLeft).toBe(3);
    expect(await t.database.db.select().from(orders).where(eq(orders.dealId, deal.id))).toEqual([]);
    await t.database.db.delete(storeBans).where(eq(storeBans.sellerId, seller.sellerId));
    expect((await buy(banned, productId, deal.id)).statusCode).toBe(201);
  });

  it('a failed payment returns its unit to the running deal; after the deal, to the product', async () => {
    const { productId, deal } = await startDeal({ units: 2, perBuyerLimit: 1 });
    const a = await buy(buyers[4]!, productId, deal.id);
    const b = await buy(buyers[5]!, productId, deal.id);
    expect((await dealRow(deal.id)).unitsLeft).toBe(0);
    await req('POST', `/api/payments/simulated/${a.json().payment.paymentId}`, buyers[4]!.user, { outcome: 'failure' });
    expect((await dealRow(deal.id)).unitsLeft).toBe(1);
    // The deal runs out of time: its unit left goes back to the product, then so does a late release.
    await clock.setTime(clock.now() + 121_000);
    await selling().settleDue(deal.id);
    expect(await stockOf(productId)).toBe(48 + 1);
    await req('PATCH', `/api/orders/${b.json().order.id}`, buyers[5]!.user, { status: 'cancelled' });
    expect(await stockOf(productId)).toBe(50);
    // The banner may still say it ended for a moment; then the show has no deal.
    expect((await req('GET', `/api/streams/${streamId}/deal/active`, null)).json()).toMatchObject({ id: deal.id, isActive: false, unitsLeft: 0 });
    await clock.setTime(clock.now() + 30_000);
    expect((await req('GET', `/api/streams/${streamId}/deal/active`, null)).json()).toBeNull();
  });

  it('sold out: the waitlist gets a released unit held for 2 minutes, then it passes on', async () => {
    const { productId, deal } = await startDeal({ units: 1, perBuyerLimit: 1, durationSeconds: 300 });
    const [holder, first, second, late] = [buyers[6]!, buyers[7]!, buyers[8]!, buyers[9]!];
    expect((await req('POST', `/api/deals/${deal.id}/waitlist`, first.user)).json().message).toBe('This deal is not sold out: grab it now');
    const sold = await buy(holder, productId, deal.id);
    expect(sold.statusCode).toBe(201);
    const joined = await req('POST', `/api/deals/${deal.id}/waitlist`, first.user);
    expect([joined.statusCode, joined.json()]).toEqual([201, { position: 1 }]);
    expect((await req('POST', `/api/deals/${deal.id}/waitlist`, first.user)).statusCode).toBe(200);
    expect((await req('POST', `/api/deals/${deal.id}/waitlist`, second.user)).json()).toEqual({ position: 2 });
    expect((await req('POST', `/api/deals/${deal.id}/waitlist`, seller)).statusCode).toBe(403);

    // The holder's payment fails: the unit is held for the first in line, and they are told.
    await req('POST', `/api/payments/simulated/${sold.json().payment.paymentId}`, holder.user, { outcome: 'failure' });
    expect((await dealRow(deal.id)).unitsLeft).toBe(0);
    const view = (await req('GET', `/api/streams/${streamId}/deal/active`, first.user)).json();
    expect(view.viewer.holdUntil).not.toBeNull();
    expect(new Date(view.viewer.holdUntil).getTime() - clock.now()).toBe(120_000);
    const [told] = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, first.user.id), eq(notifications.kind, 'deal_hold')));
    expect(told?.title).toBe('Cocktail ring is held for you');
    const stranger = await buy(late, productId, deal.id);
    expect(stranger.json().message).toBe('Sold out');

    // Not taken in 2 minutes: it passes to the second in line.
    await clock.setTime(clock.now() + 121_000);
    const [place] = await t.database.db.select().from(dealWaitlist).where(and(eq(dealWaitlist.dealId, deal.id), eq(dealWaitlist.userId, first.user.id)));
    await selling().expireHold(place!.id);
    expect((await req('GET', `/api/streams/${streamId}/deal/active`, first.user)).json().viewer.holdUntil).toBeNull();
    const secondView = (await req('GET', `/api/streams/${streamId}/deal/active`, second.user)).json();
    expect(secondView.viewer.holdUntil).not.toBeNull();
    const bought = await buy(second, productId, deal.id);
    expect(bought.statusCode).toBe(201);
    expect(bought.json().order.totalAmount).toBe('799.00');
  });
});
