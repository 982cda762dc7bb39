import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, placeOrder, saveAddress } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app.js';
import { ledgerLines } from '../ledger/index.js';
import { refunds } from '../refunds/index.js';
import { needsSecondOperator } from './refunds.js';
import { operatorAudit } from './tables.js';

// Issue 28: an operator refunds what is left of an order; above OPERATOR_REFUND_APPROVAL_RUPEES a
// second operator approves, exactly once; every step is in the append-only audit log.
let t: TestApp;
let seller: TestSeller;
let buyer: TestUser;
const operators: TestUser[] = [];

beforeAll(async () => {
  t = await buildTestApp({ OPERATOR_PHONES: '7000000021,7000000022,7000000023', OPERATOR_REFUND_APPROVAL_RUPEES: '1000' });
  seller = await makeSeller(t.app, t.database.db, 'Asha');
  buyer = await makeUser(t.app, 'Ravi');
  for (const phone of ['7000000021', '7000000022', '7000000023']) {
    const cookie = await signIn(t.app, phone, 'Op');
    operators.push({ id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id, cookie });
  }
});
afterAll(() => t.close());

async function paidOrder(price: string): Promise<string> {
  const product = await makeProduct(t.database.db, seller.sellerId, { price, stockQuantity: 5 });
  const placed = (await placeOrder(t.app, buyer, { addressId: await saveAddress(t.app, buyer), productId: product.id })).json();
  await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
  return placed.order.id;
}
const refundsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const takenBack = async (orderId: string) =>
  -(await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId))).filter((l) => l.type === 'refund').reduce((s, l) => s + l.amountPaise, 0);

describe('an operator refund', () => {
  it('up to the limit is done at once, exactly, and once', async () => {
    const orderId = await paidOrder('750.00');
    expect((await call(t.app, 'GET', `/api/admin/orders/${orderId}`, operators[0]!)).json()).toMatchObject({ total: '750.00', refundable: '750.00', paymentStatus: 'paid' });
    const [first, again] = await Promise.all([0, 1].map(() => call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, operators[0]!, { reason: 'Parcel lost' })));
    expect([first!.statusCode, again!.statusCode].sort()).toEqual([200, 409]);
    expect([first, again].find((r) => r!.statusCode === 200)!.json()).toEqual({ status: 'refunded', amount: '750.00', approvalId: null });
    expect((await refundsOf(orderId)).map((r) => r.amountPaise)).toEqual([75_000]);
    expect(await takenBack(orderId)).toBe(75_000);
    expect((await call(t.app, 'GET', `/api/admin/orders/${orderId}`, operators[0]!)).json()).toMatchObject({ refundable: '0.00', paymentStatus: 'refunded' });
  });

  it('above the limit waits for a second operator: never the one who asked, and one refund when two approve at once', async () => {
    const orderId = await paidOrder('1500.00');
    const asked = await call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, operators[0]!, { reason: 'Counterfeit, confirmed' });
    expect(asked.json()).toMatchObject({ status: 'awaiting_approval', amount: '1500.00' });
    const approvalId = asked.json().approvalId as string;
    expect((await refundsOf(orderId)).length).toBe(0);
    const twice = await call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, operators[1]!, { reason: 'Same again' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'A refund of this order is already waiting for approval']);
    expect((await call(t.app, 'GET', '/api/admin/refund-approvals', operators[1]!)).json()).toEqual([
      expect.objectContaining({ id: approvalId, orderId, amount: '1500.00', requestedById: operators[0]!.id, status: 'pending' }),
    ]);

    const own = await call(t.app, 'POST', `/api/admin/refund-approvals/${approvalId}/approve`, operators[0]!, { reason: 'Looks right' });
    expect([own.statusCode, own.json().message]).toEqual([409, 'You asked for this refund: another operator must approve or decline it']);
    const both = await Promise.all([1, 2].map((i) => call(t.app, 'POST', `/api/admin/refund-approvals/${approvalId}/approve`, operators[i]!, { reason: 'Checked the photos' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe('This refund has been decided already');
    expect(both.find((r) => r.statusCode === 200)!.json()).toMatchObject({ id: approvalId, status: 'approved' });
    expect((await refundsOf(orderId)).map((r) => r.amountPaise)).toEqual([150_000]);
    expect(await takenBack(orderId)).toBe(150_000);

    const audit = await t.database.db.select().from(operatorAudit).where(sql`${operatorAudit.targetId} in (${orderId}, ${approvalId})`);
    expect(audit.map((a) => a.action).sort()).toEqual(['refund_approved', 'refund_requested']);
  });

  it('declined, refunds nothing', async () => {
    const orderId = await paidOrder('2500.00');
    const approvalId = (await call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, operators[1]!, { reason: 'Buyer says broken' })).json().approvalId;
    const declined = await call(t.app, 'POST', `/api/admin/refund-approvals/${approvalId}/decline`, operators[2]!, { reason: 'No photos of damage' });
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect(await refundsOf(orderId)).toEqual([]);
  });

  it('goes to a second operator exactly above the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 0, max: 10 ** 9 }), (amount, limit) => {
        expect(needsSecondOperator(amount, limit)).toBe(amount > limit);
        expect(needsSecondOperator(limit, limit)).toBe(false);
        expect(needsSecondOperator(limit + 1, limit)).toBe(true);
      }),
    );
  });
});

describe('the audit log', () => {
  it('is append-only in the database itself', async () => {
    const [line] = await t.database.db.select().from(operatorAudit).limit(1);
    expect(line).toBeDefined();
    await expect(t.database.db.execute(sql`update operator_audit set reason = 'edited' where id = ${line!.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from operator_audit where id = ${line!.id}`)).rejects.toThrow();
    const [still] = await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.id, line!.id));
    expect(still!.reason).toBe(line!.reason);
  });

  it('reads newest first, a page at a time, with who did it', async () => {
    const page = (await call(t.app, 'GET', '/api/admin/audit', operators[0]!)).json();
    expect(page.entries.length).toBeGreaterThanOrEqual(4);
    expect(page.entries[0]).toMatchObject({ operatorName: 'Op', reason: expect.any(String) });
    const times = page.entries.map((e: { at: string }) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.nextCursor).toBeNull();
  });
});
