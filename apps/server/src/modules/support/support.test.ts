import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, placeOrder, saveAddress } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { supportMessages } from './tables.js';

// Issue 28, item 3: a complaint gets a number and the legal clocks; each user sees only their own.
let t: TestApp;
let buyer: TestUser;
let other: TestUser;
let orderId: string;

beforeAll(async () => {
  t = await buildTestApp({ GRIEVANCE_OFFICER_NAME: 'Meenakshi Rao', GRIEVANCE_OFFICER_EMAIL: 'grievance@livemarket.test', GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234' });
  const seller = await makeSeller(t.app, t.database.db, 'Asha');
  buyer = await makeUser(t.app, 'Ravi');
  other = await makeUser(t.app, 'Kiran');
  const product = await makeProduct(t.database.db, seller.sellerId, { price: '500.00', stockQuantity: 3 });
  orderId = (await placeOrder(t.app, buyer, { addressId: await saveAddress(t.app, buyer), productId: product.id })).json().order.id;
});
afterAll(() => t.close());

describe('the grievance desk', () => {
  it('numbers a complaint about the user’s own order, with 48-hour and 30-day clocks', async () => {
    const opened = await call(t.app, 'POST', '/api/support/tickets', buyer, { orderId, category: 'delivery', message: '  The parcel has not moved for five days.  ' });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().ticketNumber).toMatch(/^LM-\d{6}$/);
    const [ticket] = (await call(t.app, 'GET', '/api/support/tickets', buyer)).json();
    expect(ticket).toMatchObject({ id: opened.json().id, ticketNumber: opened.json().ticketNumber, category: 'delivery', status: 'open', orderId, messages: [{ from: 'user', body: 'The parcel has not moved for five days.' }] });
    const created = Date.parse(ticket.createdAt);
    expect(Date.parse(ticket.acknowledgeBy) - created).toBe(48 * 3_600_000);
    expect(Date.parse(ticket.resolveBy) - created).toBe(30 * 86_400_000);
    expect((await call(t.app, 'GET', '/api/support/tickets', other)).json()).toEqual([]);
  });

  it('refuses another user’s order, a short message, an unknown category, and strangers', async () => {
    const before = (await t.database.db.select().from(supportMessages)).length;
    const theirs = await call(t.app, 'POST', '/api/support/tickets', other, { orderId, category: 'order', message: 'Where is my order, please?' });
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, 'Order not found']);
    const short = await call(t.app, 'POST', '/api/support/tickets', buyer, { category: 'order', message: 'help' });
    expect([short.statusCode, short.json().message]).toEqual([400, 'Tell us a little more (at least 10 characters)']);
    expect((await call(t.app, 'POST', '/api/support/tickets', buyer, { category: 'lottery', message: 'I would like to complain' })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/support/tickets', null, { category: 'order', message: 'I would like to complain' })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/support/tickets', null)).statusCode).toBe(401);
    // Nothing was written by the refused requests.
    expect((await t.database.db.select().from(supportMessages)).length).toBe(before);
  });

  it('names the grievance officer to anyone, signed in or not', async () => {
    const officer = await call(t.app, 'GET', '/api/grievance-officer', null);
    expect(officer.json()).toEqual({ name: 'Meenakshi Rao', email: 'grievance@livemarket.test', phone: '+91 80 4000 1234', acknowledgeHours: 48, resolveDays: 30 });
  });
});
