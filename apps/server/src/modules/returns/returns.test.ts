import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../jobs/clock.js';
import { advance, call, placeOrder, saveAddress, shipAndDeliver } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { invoices } from '../invoices/tables.js';
import { ledgerLines } from '../ledger/tables.js';
import { products } from '../products/tables.js';
import { simulatedRefunds } from '../refunds/simulated.js';

// Issue 27: the buyer asks within the window, the store answers, the courier picks it up, the buyer is refunded.
const DAY = 86_400_000;
const clock = new TestClock();
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let addressId: string;

const stockOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const returnsOf = async (orderId: string, who = buyer) => (await call(t.app, 'GET', `/api/orders/${orderId}/returns`, who)).json();
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('never happened');
};

/** A prepaid order of two products, delivered. */
async function delivered(category: 'jewelry' | 'beauty' = 'jewelry') {
  const a = await makeProduct(t.database.db, seller.sellerId, { price: '700.00', stockQuantity: 5, category });
  const b = await makeProduct(t.database.db, seller.sellerId, { price: '300.00', stockQuantity: 5, category });
  const placed = (await placeOrder(t.app, buyer, { addressId, items: [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 2 }], paymentMethod: 'upi' })).json();
  await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
  await shipAndDeliver(t.app, seller, placed.order.id);
  const items = placed.order.items as Array<{ id: string; productId: string; quantity: number }>;
  return { orderId: placed.order.id as string, a: items.find((i) => i.productId === a.id)!, b: items.find((i) => i.productId === b.id)!, productA: a.id };
}

beforeAll(async () => {
  t = await buildTestApp({ RETURN_WINDOW_DAYS: '7', DATA_DIR: path.join(os.tmpdir(), `lm-returns-${process.pid}`) }, null, { jobs: { clock }, moneyProviders: { refunds: simulatedRefunds({ delayMs: 0, now: () => clock.now() }) } });
  seller = await makeSeller(t.app, t.database.db, 'Meena');
  buyer = await makeUser(t.app, 'Kavya');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

describe('a return', () => {
  it('goes requested → approved → picked up → received → refunded, with its stock back', async () => {
    const { orderId, a, productA } = await delivered();
    expect(await stockOf(productA)).toBe(4);
    const body = { items: [{ orderItemId: a.id, quantity: 1 }], reason: 'damaged', note: 'The clasp is broken', photoUrls: [] };
    expect((await call(t.app, 'POST', `/api/orders/${orderId}/returns`, seller, body)).statusCode).toBe(404);
    const asked = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, body);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'requested', reason: 'damaged', awb: null, refund: null, items: [{ orderItemId: a.id, quantity: 1 }] });
    const again = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, body);
    expect([again.statusCode, again.json().message]).toEqual([409, 'A return for this order is already under way']);
    const id = asked.json().id;
    expect((await call(t.app, 'PATCH', `/api/returns/${id}`, buyer, { status: 'approved' })).statusCode).toBe(404);
    const approved = await call(t.app, 'PATCH', `/api/returns/${id}`, seller, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'pickup_scheduled', awb: expect.stringMatching(/^9\d{11}$/) });
    expect((await call(t.app, 'PATCH', `/api/returns/${id}`, seller, { status: 'approved' })).json().awb).toBe(approved.json().awb);
    await advance(t.app, seller, approved.json().awb, 'in_transit');
    expect((await returnsOf(orderId))[0].status).toBe('picked_up');
    await advance(t.app, seller, approved.json().awb, 'delivered');
    const [done] = await returnsOf(orderId, seller);
    expect(done).toMatchObject({ status: 'refunded', refund: { amount: '700.00' } });
    expect(await stockOf(productA)).toBe(5);
    await until(async () => (await returnsOf(orderId))[0].refund.status === 'processed');
    const order = (await call(t.app, 'GET', `/api/orders/${orderId}`, buyer)).json();
    expect(order.paymentStatus).toBe('paid'); // one line of two went back
  });

  it('takes back some units of a line, then the rest, to the paisa, each with its credit note', async () => {
    const { orderId, b } = await delivered();
    const [before] = await t.database.db.select().from(products).where(eq(products.id, b.productId));
    const more = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: b.id, quantity: 3 }], reason: 'size' });
    expect([more.statusCode, more.json().message]).toEqual([400, 'Only 2 of this item can be returned']);
    for (const round of [1, 2]) {
      const asked = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: b.id, quantity: 1 }], reason: 'size' });
      expect(asked.statusCode, asked.body).toBe(201);
      const { awb } = (await call(t.app, 'PATCH', `/api/returns/${asked.json().id}`, seller, { status: 'approved' })).json();
      await advance(t.app, seller, awb, 'delivered');
      const done = (await returnsOf(orderId)).at(-1);
      expect(done).toMatchObject({ status: 'refunded', refund: { amount: '300.00' } });
      expect(await stockOf(b.productId)).toBe(before!.stockQuantity + round);
    }
    const gone = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: b.id, quantity: 1 }], reason: 'size' });
    expect([gone.statusCode, gone.json().message]).toEqual([409, 'This item was refunded already']);
    // The two halves took back the line's sale and every deduction on it exactly.
    const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderItemId, b.id));
    for (const earned of lines.filter((l) => !l.reverses)) {
      const back = lines.filter((l) => l.reverses === earned.id);
      expect(back).toHaveLength(2);
      expect(back.reduce((s, l) => s + l.amountPaise, 0)).toBe(-earned.amountPaise);
    }
    const order = (await call(t.app, 'GET', `/api/orders/${orderId}`, buyer)).json();
    expect(order.refunds.map((r: { quantity: number; amount: string }) => [r.quantity, r.amount])).toEqual([[1, '300'], [1, '300']]);
    const notes = await t.database.db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'credit_note')));
    expect(notes.map((n) => n.data.lines.map((l) => l.quantity))).toEqual([[1], [1]]);
  });

  it('is refused beyond the units bought, once per item, and only within the window', async () => {
    const { orderId, a } = await delivered();
    const twice = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: a.id, quantity: 1 }, { orderItemId: a.id, quantity: 1 }], reason: 'size' });
    expect(twice.statusCode).toBe(400);
    const bad = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: a.id, quantity: 1 }], reason: 'bored' });
    expect(bad.statusCode).toBe(400);
    await clock.tick(8 * DAY);
    const late = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: a.id, quantity: 1 }], reason: 'size' });
    expect([late.statusCode, late.json().message]).toEqual([409, 'The return window for this order has closed']);
    await clock.tick(-8 * DAY); // deliveries are stamped by the database's clock: the next tests start level with it
  });

  it("takes only photos its own buyer uploaded", async () => {
    const { orderId, a } = await delivered();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } }).png().toBuffer();
    const upload = async (who: TestUser) => (await t.app.inject({ method: 'POST', url: '/api/uploads/return-photo', headers: { cookie: who.cookie, 'content-type': 'image/png' }, payload: png })).json().url as string;
    const someoneElses = await upload(await makeUser(t.app, 'Rekha'));
    const ask = (photoUrls: string[]) => call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: a.id, quantity: 1 }], reason: 'damaged', photoUrls });
    const stolen = await ask([someoneElses]);
    expect([stolen.statusCode, stolen.json().message]).toEqual([400, 'Upload the photo first']);
    const mine = await upload(buyer);
    const asked = await ask([mine]);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().photoUrls).toEqual([mine]);
  });

  it('of beauty only when faulty; a refusal of a faulty item can go to the operator', async () => {
    const { orderId, a } = await delivered('beauty');
    const mind = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: a.id, quantity: 1 }], reason: 'changed_mind' });
    expect([mind.statusCode, mind.json().message]).toEqual([409, 'This item can be returned only if it arrived damaged, wrong or not as described']);
    const asked = (await call(t.app, 'POST', `/api/orders/${orderId}/returns`, buyer, { items: [{ orderItemId: a.id, quantity: 1 }], reason: 'wrong_item' })).json();
    const early = await call(t.app, 'POST', `/api/returns/${asked.id}/escalate`, buyer);
    expect(early.statusCode).toBe(409);
    const silent = await call(t.app, 'PATCH', `/api/returns/${asked.id}`, seller, { status: 'rejected' });
    expect([silent.statusCode, silent.json().message]).toEqual([400, 'Say why you are refusing this return']);
    expect((await call(t.app, 'PATCH', `/api/returns/${asked.id}`, seller, { status: 'rejected', note: 'Seal opened' })).json()).toMatchObject({ status: 'rejected', sellerNote: 'Seal opened' });
    expect((await call(t.app, 'PATCH', `/api/returns/${asked.id}`, seller, { status: 'approved' })).statusCode).toBe(409);
    expect((await call(t.app, 'POST', `/api/returns/${asked.id}/escalate`, seller)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/returns/${asked.id}/escalate`, buyer)).json().status).toBe('escalated');
  });

  it('keeps the sale on hold while it is under way', async () => {
    const other = await makeSeller(t.app, t.database.db, 'Farah');
    const p = await makeProduct(t.database.db, other.sellerId, { price: '500.00', stockQuantity: 3 });
    const placed = (await placeOrder(t.app, buyer, { addressId, productId: p.id, paymentMethod: 'upi' })).json();
    await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
    await shipAndDeliver(t.app, other, placed.order.id);
    const asked = await call(t.app, 'POST', `/api/orders/${placed.order.id}/returns`, buyer, { items: [{ orderItemId: placed.order.items[0].id, quantity: 1 }], reason: 'size' });
    expect(asked.statusCode, asked.body).toBe(201);
    await clock.tick(8 * DAY);
    const held = (await call(t.app, 'GET', '/api/seller/ledger', other)).json().balance;
    expect(held.available).toBe('0');
    expect(Number(held.onHold)).toBeGreaterThan(0);
    // Refused: the hold ends with the window.
    await call(t.app, 'PATCH', `/api/returns/${asked.json().id}`, other, { status: 'rejected', note: 'Worn' });
    expect((await call(t.app, 'GET', '/api/seller/ledger', other)).json().balance.available).toBe(held.onHold);
    await clock.tick(-8 * DAY);
  });

  it('follows the policy the item was sold with: a 15-day one takes a return on day 12 and holds the sale until day 15', async () => {
    const other = await makeSeller(t.app, t.database.db, 'Gauri');
    const p = await makeProduct(t.database.db, other.sellerId, { price: '800.00', stockQuantity: 3, returnDays: 15 });
    const placed = (await placeOrder(t.app, buyer, { addressId, productId: p.id, paymentMethod: 'upi' })).json();
    await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
    await shipAndDeliver(t.app, other, placed.order.id);
    // A later edit of the product does not shorten the window the buyer was sold.
    await t.database.db.update(products).set({ returnDays: 0 }).where(eq(products.id, p.id));
    await clock.tick(12 * DAY);
    const held = (await call(t.app, 'GET', '/api/seller/ledger', other)).json().balance;
    expect([held.available, Number(held.onHold) > 0]).toEqual(['0', true]);
    const asked = await call(t.app, 'POST', `/api/orders/${placed.order.id}/returns`, buyer, { items: [{ orderItemId: placed.order.items[0].id, quantity: 1 }], reason: 'size' });
    expect(asked.statusCode, asked.body).toBe(201);
    await call(t.app, 'PATCH', `/api/returns/${asked.json().id}`, other, { status: 'rejected', note: 'Worn' });
    expect((await call(t.app, 'GET', '/api/seller/ledger', other)).json().balance.available).toBe('0');
    await clock.tick(4 * DAY);
    expect((await call(t.app, 'GET', '/api/seller/ledger', other)).json().balance.available).toBe(held.onHold);
    await clock.tick(-16 * DAY);
  });
});
