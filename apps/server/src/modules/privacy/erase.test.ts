import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../db/schema.js';
import { ADDRESS, call, placeOrder, saveAddress, shipAndDeliver } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app.js';
import { user } from '../auth/tables.js';
import { products } from '../products/tables.js';
import { sellers } from '../sellers/tables.js';
import { toChatMessageDto } from '../streams/index.js';
import { ERASURE } from './erase.js';
import { userColumns } from './export.js';

// Issue 28, item 4: erasure leaves nothing personal anywhere (the whole schema is read back), keeps
// what tax law needs, and lets the same phone number start afresh.
let t: TestApp;
let seller: TestSeller;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db, 'Asha');
});
afterAll(() => t.close());

const TABLES = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
/** Every row of every table that mentions any of `needles`, as "table: row". */
async function mentions(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of TABLES) {
    for (const row of await t.database.db.select().from(table)) {
      const text = JSON.stringify(row);
      if (needles.some((n) => text.includes(n))) found.push(`${getTableName(table)}: ${text.slice(0, 200)}`);
    }
  }
  return found;
}

async function paidOrder(who: TestUser, addressId: string, deliver: boolean) {
  const product = await makeProduct(t.database.db, seller.sellerId, { price: '300.00', stockQuantity: 9 });
  const placed = (await placeOrder(t.app, who, { addressId, productId: product.id })).json();
  await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, who, { outcome: 'success' });
  if (deliver) await shipAndDeliver(t.app, seller, placed.order.id);
  return placed.order as { id: string; items: Array<{ id: string }> };
}

describe('erasing an account', () => {
  it('has a rule for every column that points at a user', () => {
    const columns = userColumns().map(({ table, column }) => `${getTableName(table)}.${column.name}`);
    expect(columns.filter((c) => !(c in ERASURE))).toEqual([]);
    expect(Object.keys(ERASURE).filter((c) => !columns.includes(c))).toEqual([]);
  });

  it('leaves nothing personal but the tax records, unlinks reviews, and the number can sign up afresh', async () => {
    const ravi = await makeUser(t.app, 'Ravindranath');
    await call(t.app, 'PATCH', '/api/auth/profile', ravi, { firstName: 'Ravindranath', lastName: 'Kulkarnisson' });
    const [before] = await t.database.db.select().from(user).where(eq(user.id, ravi.id));
    const phone = before!.phoneNumber!;
    // An address only this test writes: the database may hold other tests' rows (PostgreSQL run).
    const saved = await call(t.app, 'POST', '/api/addresses', ravi, { ...ADDRESS, name: 'Ravindranath Kulkarnisson', line1: 'Flat 7, Zephyrine Residency' });
    expect(saved.statusCode, saved.body).toBe(201);
    const addressId = saved.json().id as string;
    const delivered = await paidOrder(ravi, addressId, true);
    // An order never paid: it has no invoice, so its address goes too.
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '300.00', stockQuantity: 9 });
    const unpaid = (await placeOrder(t.app, ravi, { addressId, productId: product.id, paymentMethod: 'upi' })).json().order;
    await call(t.app, 'POST', `/api/orders/${unpaid.id}/cancel`, ravi, {});
    expect((await call(t.app, 'POST', `/api/orders/${delivered.id}/reviews`, ravi, { orderItemId: delivered.items[0]!.id, rating: 5, text: 'Lovely' })).statusCode).toBe(201);
    await call(t.app, 'POST', `/api/sellers/${seller.sellerId}/follow`, ravi);
    await call(t.app, 'POST', '/api/support/tickets', ravi, { category: 'other', message: 'Please call me about my order' });
    const followers = async () => (await t.database.db.select().from(sellers).where(eq(sellers.id, seller.sellerId)))[0]!.followersCount;
    const following = await followers();

    expect((await call(t.app, 'POST', '/api/me/delete', ravi, {})).json().message).toBe('Tick the box to confirm');
    const erased = await call(t.app, 'POST', '/api/me/delete', ravi, { confirm: true });
    expect(erased.statusCode, erased.body).toBe(200);
    // Signed out at once.
    expect((await call(t.app, 'GET', '/api/auth/user', ravi)).statusCode).toBe(401);
    expect(await followers()).toBe(following - 1);

    // The whole schema read back: the name, the phone and the street remain only in the tax records
    // (the invoice and the invoiced order, and its parcel).
    const left = await mentions([phone.replace('+91', ''), 'Ravindranath', 'Kulkarnisson', 'Zephyrine Residency']);
    expect(left.filter((line) => !/^(invoices|shipments): /.test(line) && !line.startsWith(`orders: {"id":"${delivered.id}"`))).toEqual([]);
    const reviews = (await call(t.app, 'GET', `/api/sellers/${seller.sellerId}/reviews`, null)).json().reviews as Array<{ text: string; buyerName: string | null }>;
    expect(reviews.find((r) => r.text === 'Lovely')!.buyerName).toBeNull();

    // The same number is a new account with nothing of the old one.
    const cookie = await signIn(t.app, phone.replace('+91', ''), 'Ravi');
    const again = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(again.json().id).not.toBe(ravi.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: { cookie } })).json()).toEqual([]);
  });

  it('waits for parcels on their way, and for a store’s orders and money', async () => {
    const buyer = await makeUser(t.app, 'Kiran');
    const order = await paidOrder(buyer, await saveAddress(t.app, buyer), false);
    const waiting = await call(t.app, 'POST', '/api/me/delete', buyer, { confirm: true });
    expect([waiting.statusCode, waiting.json().message]).toEqual([409, 'You have orders still under way. Delete your account once they have arrived or been cancelled.']);
    const store = await call(t.app, 'POST', '/api/me/delete', seller, { confirm: true });
    expect([store.statusCode, store.json().message]).toEqual([409, 'Your store has 1 orders still under way. Ship or cancel them before you delete your account.']);
    await shipAndDeliver(t.app, seller, order.id);
    const money = await call(t.app, 'POST', '/api/me/delete', seller, { confirm: true });
    expect([money.statusCode, money.json().message]).toEqual([409, 'Your store has money still to be settled. Wait for your last payout before you delete your account.']);
    expect((await call(t.app, 'GET', '/api/auth/user', seller)).statusCode).toBe(200);
  });

  it('closes a store whose owner leaves: its products are hidden, its announced shows called off', async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Meera');
    const product = await makeProduct(t.database.db, owner.sellerId, { price: '250.00', stockQuantity: 4 });
    const erased = await call(t.app, 'POST', '/api/me/delete', owner, { confirm: true });
    expect(erased.statusCode, erased.body).toBe(200);
    const [hidden] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(hidden!.isActive).toBe(false);
  });

  it('shows an erased author’s chat lines as by "Deleted user"', () => {
    const m = { id: crypto.randomUUID(), streamId: crypto.randomUUID(), userId: crypto.randomUUID(), message: 'Nice!', createdAt: new Date(), held: false } as never;
    expect(toChatMessageDto({ m, firstName: null, lastName: null, erasedAt: new Date() }).displayName).toBe('Deleted user');
  });
});
