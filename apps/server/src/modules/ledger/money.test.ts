import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../jobs/clock.js';
import { call, placeOrder, saveAddress, shipAndDeliver } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { simulatedPayouts } from '../payouts/simulated.js';
import { simulatedRefunds } from '../refunds/simulated.js';
import { sellerBusiness } from '../sellers/tables.js';
import { products } from '../products/tables.js';
import { ledgerLines } from './tables.js';

// Issue 26 end to end through the API: earning, commission and taxes, refunds, the hold, payouts.
const DAY = 86_400_000;
const clock = new TestClock();
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
let addressId: string;

async function paidOrder(productId: string, quantity = 1, who = buyer) {
  const placed = await placeOrder(t.app, who, { addressId, productId, quantity });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, payment } = placed.json();
  const paid = await call(t.app, 'POST', `/api/payments/simulated/${payment.paymentId}`, who, { outcome: 'success' });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  return order as { id: string; items: Array<{ id: string }> };
}

const ledger = async (who: TestUser = seller) => {
  const res = await call(t.app, 'GET', '/api/seller/ledger', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { balance: Record<string, string>; lines: Array<{ type: string; amount: string; orderId?: string }> };
};
const linesOf = (orderId: string) => t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId));
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 240; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('never happened');
};

beforeAll(async () => {
  t = await buildTestApp({ COMMISSION_PERCENT: '5', PAYOUT_HOLD_DAYS: '7', PAYOUT_MINIMUM_RUPEES: '100' }, null, {
    jobs: { clock },
    moneyProviders: { refunds: simulatedRefunds({ delayMs: 0, now: () => clock.now() }), payouts: simulatedPayouts({ delayMs: 1000, now: () => clock.now() }) },
  });
  seller = await makeSeller(t.app, t.database.db, 'Meena');
  buyer = await makeUser(t.app, 'Kavya');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

describe('a prepaid order', () => {
  it('is earned when paid: the sale, less 5% commission, 18% GST on it, 0.5% TCS on the taxable value and TDS (5% without a PAN)', async () => {
    // ₹1,030 imitation jewellery at 3% GST: taxable ₹1,000.
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '1030.00', stockQuantity: 3 });
    const order = await paidOrder(product.id);
    const lines = await linesOf(order.id);
    const byType = Object.fromEntries(lines.map((l) => [l.type, l.amountPaise]));
    expect(byType).toEqual({ sale: 103000, commission: -5150, commission_gst: -927, tcs: -500, tds: -5150 });
    const { balance, lines: shown } = await ledger();
    expect(balance).toEqual({ pending: '912.73', onHold: '0', available: '0', paidOut: '0' });
    expect(shown.find((l) => l.type === 'sale')).toMatchObject({ amount: '1030', orderId: order.id });
    expect(shown.find((l) => l.type === 'commission_gst')).toMatchObject({ amount: '-9.27' });
    const detail = (await call(t.app, 'GET', `/api/orders/${order.id}`, buyer)).json();
    expect(detail).toMatchObject({ hasInvoice: true, refund: null, refunds: [] });
  });

  it('with a PAN on file withholds TDS at 0.1%', async () => {
    await t.database.db.insert(sellerBusiness).values({ sellerId: seller.sellerId, legalName: 'Meena Jewels LLP', address: '12 MG Road, Pune', stateCode: '27', gstin: '27ABCDE1234F1Z5', pan: 'ABCDE1234F' });
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '1030.00', stockQuantity: 3 });
    const order = await paidOrder(product.id);
    expect((await linesOf(order.id)).find((l) => l.type === 'tds')?.amountPaise).toBe(-103);
  });

  it('cancelled by the buyer before it ships is refunded once, with reversals, the stock back and the buyer told', async () => {
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '500.00', stockQuantity: 2 });
    const order = await paidOrder(product.id);
    const before = (await ledger()).balance;
    const net = (await linesOf(order.id)).reduce((sum, l) => sum + l.amountPaise, 0);
    const cancelled = await call(t.app, 'POST', `/api/orders/${order.id}/cancel`, buyer, { reason: 'Ordered the wrong colour' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', cancelReason: 'Ordered the wrong colour', refund: { amount: '500', status: 'pending', method: 'original' } });
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/cancel`, buyer, {})).statusCode).toBe(409);
    await until(async () => (await call(t.app, 'GET', `/api/orders/${order.id}`, buyer)).json().refund.status === 'processed');
    const lines = await linesOf(order.id);
    expect(lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(0);
    expect(lines.filter((l) => l.type === 'refund').map((l) => l.amountPaise)).toEqual([-50000]);
    expect(lines.filter((l) => l.type === 'reversal')).toHaveLength(4);
    expect(Math.round(Number((await ledger()).balance.pending) * 100)).toBe(Math.round(Number(before.pending) * 100) - net);
    const [stock] = await t.database.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, product.id));
    expect(stock!.n).toBe(2);
    const notes = (await call(t.app, 'GET', '/api/notifications', buyer)).json() as Array<{ title: string; message: string }>;
    expect(notes.map((n) => n.title)).toEqual(expect.arrayContaining(['Refund started', 'Refund completed']));
    expect((await call(t.app, 'GET', `/api/orders/${order.id}/credit-note`, buyer)).headers['content-type']).toContain('application/pdf');
  });

  it('cancelled by the buyer and the seller at the same moment is refunded once', async () => {
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '300.00', stockQuantity: 1 });
    const order = await paidOrder(product.id);
    const answers = await Promise.all([
      call(t.app, 'POST', `/api/orders/${order.id}/cancel`, buyer, { reason: 'Changed my mind' }),
      call(t.app, 'POST', `/api/orders/${order.id}/cancel`, seller, { reason: 'Out of stock' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lines = await linesOf(order.id);
    expect(lines.filter((l) => l.type === 'refund').map((l) => l.amountPaise)).toEqual([-30000]);
    expect(lines.reduce((sum, l) => sum + l.amountPaise, 0)).toBe(0);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}`, buyer)).json().refunds).toHaveLength(1);
    const [stock] = await t.database.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, product.id));
    expect(stock!.n).toBe(1);
  });

  it('one item of several is refunded alone by the seller; the rest goes on', async () => {
    const a = await makeProduct(t.database.db, seller.sellerId, { name: 'Jhumka', price: '300.00', stockQuantity: 4 });
    const b = await makeProduct(t.database.db, seller.sellerId, { name: 'Bangle', price: '700.00', stockQuantity: 4 });
    const placed = await placeOrder(t.app, buyer, { addressId, items: [{ productId: a.id, quantity: 2 }, { productId: b.id, quantity: 1 }] });
    const { order, payment } = placed.json();
    await call(t.app, 'POST', `/api/payments/simulated/${payment.paymentId}`, buyer, { outcome: 'success' });
    const item = order.items.find((i: { name: string }) => i.name === 'Jhumka');
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/refunds`, buyer, { orderItemId: item.id })).statusCode).toBe(404);
    const res = await call(t.app, 'POST', `/api/orders/${order.id}/refunds`, seller, { orderItemId: item.id, reason: 'Out of stock' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', refunds: [{ amount: '600', orderItemId: item.id }] });
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/refunds`, seller, { orderItemId: item.id })).statusCode).toBe(409);
    const last = order.items.find((i: { name: string }) => i.name === 'Bangle');
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/refunds`, seller, { orderItemId: last.id })).json().message).toBe("This is the order's last item: cancel the order instead");
    const [stock] = await t.database.db.select({ n: products.stockQuantity }).from(products).where(eq(products.id, a.id));
    expect(stock!.n).toBe(4);
  });
});

describe('payouts', () => {
  it('pay what is past the hold, once per run, with a UTR; a failure puts it back and says why', async () => {
    const other = await makeSeller(t.app, t.database.db, 'Farah');
    const product = await makeProduct(t.database.db, other.sellerId, { price: '2000.00', stockQuantity: 5 });
    const order = await paidOrder(product.id);
    await shipAndDeliver(t.app, other, order.id);
    expect((await ledger(other)).balance).toMatchObject({ pending: '0', available: '0' });
    expect(Number((await ledger(other)).balance.onHold)).toBeGreaterThan(0);
    await clock.tick(8 * DAY);
    const { available } = (await ledger(other)).balance;
    // ₹1,772.29 earned, less the courier's ₹85 and 18% GST on it (Bengaluru → Noida, issue 27).
    expect(available).toBe('1671.99');

    // No payout account: nothing is paid, the money waits.
    const { slot } = t.app.money.payouts.slotOf(clock.now());
    expect(await t.app.money.payouts.run(slot)).toEqual([]);
    expect((await call(t.app, 'PUT', '/api/seller/payout-account', other, { accountHolderName: 'Farah Khan', ifsc: 'sbin0001234', accountNumber: '123456780000' })).json()).toMatchObject({
      kind: 'bank', ifsc: 'SBIN0001234', accountNumberMasked: '••••0000',
    });
    expect((await call(t.app, 'PUT', '/api/seller/payout-account', other, { accountHolderName: 'Farah Khan', ifsc: 'SBIN123', accountNumber: '12' })).statusCode).toBe(400);
    const [failing] = await t.app.money.payouts.run(slot);
    expect(failing).toMatchObject({ amountPaise: Math.round(Number(available) * 100) });
    expect(await t.app.money.payouts.run(slot)).toEqual([]);
    expect((await ledger(other)).balance.available).toBe('0');
    await t.app.money.payouts.send(failing!.id);
    await clock.tick(2000);
    await t.app.money.payouts.send(failing!.id);
    const [failed] = (await call(t.app, 'GET', '/api/seller/payouts', other)).json();
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'The bank account was closed' });
    expect((await ledger(other)).balance).toMatchObject({ available, paidOut: '0' });

    await call(t.app, 'PUT', '/api/seller/payout-account', other, { accountHolderName: 'Farah Khan', vpa: 'farah@okaxis' });
    const [paying] = await t.app.money.payouts.run(slot + 1);
    await t.app.money.payouts.send(paying!.id);
    await clock.tick(2000);
    await t.app.money.payouts.send(paying!.id);
    const [paid] = (await call(t.app, 'GET', '/api/seller/payouts', other)).json();
    expect(paid).toMatchObject({ status: 'paid', amount: available, utr: expect.stringMatching(/^\w{12}$/) });
    expect((await ledger(other)).balance).toMatchObject({ available: '0', paidOut: available });
    const csv = (await call(t.app, 'GET', `/api/seller/statements/${new Date(clock.now()).toISOString().slice(0, 7)}`, other)).body;
    expect(csv.split('\r\n')[0]).toBe('date,type,amount_inr,rate_percent,order,payout,note,line_id');
  });

  it('answer only the store owner: a shopper without a store gets 403', async () => {
    for (const url of ['/api/seller/ledger', '/api/seller/payouts', '/api/seller/payout-account', '/api/seller/statements/2026-11']) {
      expect((await call(t.app, 'GET', url, buyer)).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/seller/statements/2026-13', seller)).statusCode).toBe(400);
  });
});

it("lets nobody signed out, and no other shopper or store, see or move an order's money", async () => {
  const product = await makeProduct(t.database.db, seller.sellerId, { price: '500.00', stockQuantity: 2 });
  const order = await paidOrder(product.id);
  const [item] = order.items;
  const rival = await makeSeller(t.app, t.database.db, 'Rival');
  const stranger = await makeUser(t.app, 'Stranger');
  for (const url of ['/api/seller/ledger', '/api/seller/payouts', '/api/seller/payout-account', '/api/seller/business', '/api/seller/statements/2026-11']) {
    expect((await call(t.app, 'GET', url, null)).statusCode, url).toBe(401);
  }
  expect((await call(t.app, 'PUT', '/api/seller/payout-account', null, { accountHolderName: 'X', vpa: 'x@okaxis' })).statusCode).toBe(401);
  expect((await call(t.app, 'PUT', '/api/seller/business', buyer, { legalName: 'Kavya Traders', address: 'No. 12, MG Road, Bengaluru', stateCode: '29', enrolmentNumber: 'ABCDE12345' })).statusCode).toBe(403);
  expect((await call(t.app, 'GET', '/api/seller/business', buyer)).statusCode).toBe(403);
  // The order is the buyer's and Meena's: to anyone else it does not exist.
  expect((await call(t.app, 'POST', `/api/orders/${order.id}/cancel`, null, {})).statusCode).toBe(401);
  for (const who of [stranger, rival]) {
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/cancel`, who, { reason: 'not mine' })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/orders/${order.id}/refunds`, who, { orderItemId: item!.id })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/orders/${order.id}/invoice`, who)).statusCode).toBe(404);
  }
  expect((await call(t.app, 'POST', `/api/orders/${order.id}/cancel`, seller, { reason: 'Out of stock' })).statusCode).toBeLessThan(300);
  await until(async () => (await call(t.app, 'GET', `/api/orders/${order.id}/credit-note`, buyer)).statusCode === 200);
  expect((await call(t.app, 'GET', `/api/orders/${order.id}/credit-note`, rival)).statusCode).toBe(404);
  expect((await call(t.app, 'GET', `/api/orders/${order.id}/credit-note`, stranger)).statusCode).toBe(404);
  expect((await call(t.app, 'GET', `/api/orders/${order.id}/credit-note`, null)).statusCode).toBe(401);
  // A store's ledger holds its own lines only.
  expect((await ledger(rival)).lines.filter((l) => l.orderId === order.id)).toEqual([]);
  expect((await ledger(seller)).lines.filter((l) => l.orderId === order.id).length).toBeGreaterThan(0);
});

it('keeps ledger lines append-only in the database itself', async () => {
  await expect(t.database.db.execute(sql`update ledger_lines set amount_paise = 1`)).rejects.toThrow();
  await expect(t.database.db.execute(sql`delete from ledger_lines`)).rejects.toThrow();
});
