import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, placeOrder, saveAddress, shipAndDeliver } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { ledgerLines } from '../ledger/tables.js';
import { simulatedPayouts } from '../payouts/simulated.js';
import { products } from '../products/tables.js';
import { simulatedRefunds } from '../refunds/simulated.js';

// Issue 26: a cash-on-delivery order's refund goes to a UPI id its buyer gives, or becomes store
// credit, as they choose; credit pays an order it covers.
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let addressId: string;

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('never happened');
};
const orderOf = async (id: string) => (await call(t.app, 'GET', `/api/orders/${id}`, buyer)).json();
const credit = async () => (await call(t.app, 'GET', '/api/store-credit', buyer)).json() as { balance: string; lines: Array<{ amount: string; orderId: string | null }> };

/** A delivered cash-on-delivery order of two products, whose seller refunds the first item alone. */
async function codItemRefund(price: string) {
  const a = await makeProduct(t.database.db, seller.sellerId, { price, stockQuantity: 3 });
  const b = await makeProduct(t.database.db, seller.sellerId, { price: '100.00', stockQuantity: 3 });
  const placed = await placeOrder(t.app, buyer, { addressId, items: [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 1 }], paymentMethod: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().order as { id: string; items: Array<{ id: string; productId: string }> };
  await shipAndDeliver(t.app, seller, order.id);
  const item = order.items.find((i) => i.productId === a.id)!;
  const refunded = await call(t.app, 'POST', `/api/orders/${order.id}/refunds`, seller, { orderItemId: item.id });
  expect(refunded.statusCode, refunded.body).toBe(200);
  const [refund] = (await orderOf(order.id)).refunds;
  return { orderId: order.id, refund, url: `/api/orders/${order.id}/refunds/${refund.id}/method` };
}

beforeAll(async () => {
  t = await buildTestApp({}, null, { moneyProviders: { refunds: simulatedRefunds({ delayMs: 0 }), payouts: simulatedPayouts({ delayMs: 0 }) } });
  seller = await makeSeller(t.app, t.database.db, 'Meena');
  buyer = await makeUser(t.app, 'Priya');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

describe('a cash-on-delivery refund', () => {
  it('waits for its buyer to choose, then is paid to their UPI id; nobody else can choose', async () => {
    const { orderId, refund, url } = await codItemRefund('450.00');
    expect(refund).toMatchObject({ amount: '450', status: 'pending', method: null });
    const notes = (await call(t.app, 'GET', '/api/notifications', buyer)).json() as Array<{ title: string }>;
    expect(notes.map((n) => n.title)).toContain('Choose how to get your refund');

    expect((await call(t.app, 'POST', url, await makeUser(t.app, 'Stranger'), { method: 'store_credit' })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', url, seller, { method: 'store_credit' })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', url, null, { method: 'store_credit' })).statusCode).toBe(401);
    const bad = await call(t.app, 'POST', url, buyer, { method: 'upi', vpa: 'priya at okaxis' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Enter a valid UPI id, like name@okbank']);

    const chosen = await call(t.app, 'POST', url, buyer, { method: 'upi', vpa: 'Priya@okaxis' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ method: 'upi', status: 'pending' });
    expect((await call(t.app, 'POST', url, buyer, { method: 'store_credit' })).statusCode).toBe(409);
    await until(async () => (await orderOf(orderId)).refunds[0].status === 'processed');
    expect((await credit()).balance).toBe('0');
  });

  it('comes back to the buyer to choose again when the UPI id cannot be paid', async () => {
    const { orderId, url } = await codItemRefund('120.00');
    // The simulated bank refuses UPI ids that start with "fail".
    expect((await call(t.app, 'POST', url, buyer, { method: 'upi', vpa: 'fail@okaxis' })).statusCode).toBe(200);
    await until(async () => (await orderOf(orderId)).refunds[0].method === null);
    expect((await orderOf(orderId)).refunds[0]).toMatchObject({ status: 'pending', method: null });
    expect((await call(t.app, 'POST', url, buyer, { method: 'store_credit' })).statusCode).toBe(200);
    await until(async () => (await orderOf(orderId)).refunds[0].status === 'processed');
    expect((await credit()).balance).toBe('120');
  });
});

describe('store credit', () => {
  it('pays an order it covers in full, which the seller earns; one it does not cover is refused and leaves nothing', async () => {
    const start = Number((await credit()).balance);
    const { orderId, url } = await codItemRefund('300.00');
    expect((await call(t.app, 'POST', url, buyer, { method: 'store_credit' })).statusCode).toBe(200);
    await until(async () => (await orderOf(orderId)).refunds[0].status === 'processed');
    expect(Number((await credit()).balance)).toBe(start + 300);

    const dear = await makeProduct(t.database.db, seller.sellerId, { price: '5000.00', stockQuantity: 1 });
    const refused = await placeOrder(t.app, buyer, { addressId, productId: dear.id, paymentMethod: 'store_credit' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'Your store credit does not cover this order']);
    const [left] = await t.database.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, dear.id));
    expect(left!.n).toBe(1);

    const cheap = await makeProduct(t.database.db, seller.sellerId, { price: '250.00', stockQuantity: 2 });
    const placed = await placeOrder(t.app, buyer, { addressId, productId: cheap.id, paymentMethod: 'store_credit' });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ order: { status: 'confirmed', paymentStatus: 'paid', paymentMethod: 'store_credit' }, payment: { provider: 'none' } });
    const paidId = placed.json().order.id as string;
    expect(Number((await credit()).balance)).toBe(start + 50);
    const sale = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, paidId));
    expect(sale.filter((l) => l.type === 'sale').map((l) => l.amountPaise)).toEqual([25000]);

    // Cancelled before it ships: the credit comes back as credit, by itself.
    expect((await call(t.app, 'POST', `/api/orders/${paidId}/cancel`, buyer, {})).statusCode).toBe(200);
    await until(async () => (await orderOf(paidId)).refund?.status === 'processed');
    expect((await orderOf(paidId)).refund).toMatchObject({ method: 'store_credit', amount: '250' });
    expect(Number((await credit()).balance)).toBe(start + 300);
  });

  it('cannot be spent twice by two orders placed at once', async () => {
    const balance = Number((await credit()).balance);
    const product = await makeProduct(t.database.db, seller.sellerId, { price: String(balance), stockQuantity: 2 });
    const answers = await Promise.all([0, 1].map(() => placeOrder(t.app, buyer, { addressId, productId: product.id, paymentMethod: 'store_credit' })));
    expect(answers.map((a) => a.statusCode).sort(), answers[0]!.body).toEqual([201, 409]);
    expect((await credit()).balance).toBe('0');
  });

  it("is the signed-in buyer's own: signed out is 401, and another shopper sees none of it", async () => {
    expect((await call(t.app, 'GET', '/api/store-credit', null)).statusCode).toBe(401);
    const other = (await call(t.app, 'GET', '/api/store-credit', await makeUser(t.app, 'Other'))).json();
    expect(other).toEqual({ balance: '0', lines: [] });
    expect((await credit()).lines.length).toBeGreaterThan(0);
  });

  it('keeps its lines append-only in the database itself', async () => {
    await expect(t.database.db.execute(sql`update store_credit_lines set amount_paise = 1`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from store_credit_lines`)).rejects.toThrow();
  });
});
