import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClock } from '../../jobs/clock.js';
import { advance, call, placeOrder, saveAddress, shipAndDeliver } from '../../testing/commerce.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { simulatedPayouts } from '../payouts/simulated.js';
import { refunds } from '../refunds/tables.js';
import { simulatedRefunds } from '../refunds/simulated.js';
import { payouts } from '../payouts/tables.js';
import { balanceOf } from './balance.js';
import { ledgerLines } from './tables.js';

// Issue 26, item 7: random sequences of orders, payments, cancellations, item refunds, deliveries,
// returns of some units (issue 27), replays and payouts; after every step the ledger's invariants hold.
const DAY = 86_400_000;
const clock = new TestClock();
let t: TestApp;
let buyer: TestUser;
let addressId: string;
// Each payout step is its own run (slot), as runs on later days are.
let runs = 0;

type Step =
  | { kind: 'order'; items: number; pay: boolean }
  | { kind: 'cancel'; pick: number; replay: boolean }
  | { kind: 'refundItem'; pick: number; replay: boolean }
  | { kind: 'deliver'; pick: number }
  | { kind: 'returnPart'; pick: number; units: number }
  | { kind: 'days'; n: number }
  | { kind: 'payout' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), items: fc.integer({ min: 1, max: 3 }), pay: fc.nat(3).map((n) => n > 0) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), replay: fc.boolean() }),
  fc.record({ kind: fc.constant('refundItem' as const), pick: fc.nat(), replay: fc.boolean() }),
  fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat() }),
  { arbitrary: fc.record({ kind: fc.constant('returnPart' as const), pick: fc.nat(), units: fc.integer({ min: 1, max: 3 }) }), weight: 3 },
  fc.record({ kind: fc.constant('days' as const), n: fc.integer({ min: 1, max: 9 }) }),
  fc.constant({ kind: 'payout' as const }),
);

beforeAll(async () => {
  // A long window for damaged items (the reason the returns give): the days steps move the clock, and returns should stay possible.
  t = await buildTestApp({ PAYOUT_HOLD_DAYS: '7', PAYOUT_MINIMUM_RUPEES: '1', RETURN_WINDOW_DAYS: '365' }, null, {
    jobs: { clock },
    moneyProviders: { refunds: simulatedRefunds({ delayMs: 0, now: () => clock.now() }), payouts: simulatedPayouts({ delayMs: 0, now: () => clock.now() }) },
  });
  buyer = await makeUser(t.app, 'Nila');
  addressId = await saveAddress(t.app, buyer);
});
afterAll(() => t.close());

async function checkInvariants(seller: TestSeller, orderIds: string[]) {
  const db = t.database.db;
  const b = await balanceOf(db, seller.sellerId, { before: new Date(clock.now() - 7 * DAY), days: 7 });
  const [sum] = await db.select({ n: sql<string>`coalesce(sum(${ledgerLines.amountPaise}), 0)` }).from(ledgerLines).where(eq(ledgerLines.sellerId, seller.sellerId));
  // The balance is the sum of its lines.
  expect(b.pending + b.onHold + b.available).toBe(Number(sum!.n));
  for (const orderId of orderIds) {
    const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
    const [order] = await db.execute(sql`select total_amount::numeric * 100 as total from orders where id = ${orderId}`).then((r) => (r as unknown as { rows: Array<{ total: string }> }).rows);
    // Never more back than was paid, and each key refunded once.
    expect(rows.reduce((s, r) => s + r.amountPaise, 0)).toBeLessThanOrEqual(Number(order!.total));
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
    // No earning line is given back beyond itself, however many parts it goes back in.
    const over = await db.execute(
      sql`select l.id from ledger_lines l join ledger_lines r on r.reverses = l.id where l.order_id = ${orderId}
          group by l.id, l.amount_paise having abs(sum(r.amount_paise)) > abs(l.amount_paise) or sign(sum(r.amount_paise)) = sign(l.amount_paise)`,
    );
    expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
  }
  const paid = await db.select().from(payouts).where(eq(payouts.sellerId, seller.sellerId));
  expect(paid.every((p) => p.amountPaise > 0)).toBe(true);
}

it('keeps every balance equal to its lines, refunds once, and never pays out more than is available', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
      const seller = await makeSeller(t.app, t.database.db, 'Ira');
      await call(t.app, 'PUT', '/api/seller/payout-account', seller, { accountHolderName: 'Ira Das', vpa: 'ira@okaxis' });
      const orders: Array<{ id: string; items: string[]; units: number[] }> = [];
      const pick = (n: number) => orders[n % Math.max(orders.length, 1)];
      for (const s of steps) {
        if (s.kind === 'order') {
          const items = await Promise.all(Array.from({ length: s.items }, (_, i) => makeProduct(t.database.db, seller.sellerId, { name: `Item ${i}`, price: `${101 + i * 37}.${i}5`, stockQuantity: 5 })));
          const placed = await placeOrder(t.app, buyer, { addressId, items: items.map((p, i) => ({ productId: p.id, quantity: 1 + i })) });
          expect(placed.statusCode, placed.body).toBe(201);
          const { order, payment } = placed.json();
          if (s.pay) await call(t.app, 'POST', `/api/payments/simulated/${payment.paymentId}`, buyer, { outcome: 'success' });
          const lines = order.items as Array<{ id: string; quantity: number }>;
          orders.push({ id: order.id, items: lines.map((i) => i.id), units: lines.map((i) => i.quantity) });
        } else if (s.kind === 'cancel' && orders.length) {
          const o = pick(s.pick)!;
          const first = await call(t.app, 'POST', `/api/orders/${o.id}/cancel`, buyer, {});
          expect([200, 409]).toContain(first.statusCode);
          if (s.replay) expect((await call(t.app, 'POST', `/api/orders/${o.id}/cancel`, buyer, {})).statusCode).toBe(409);
        } else if (s.kind === 'refundItem' && orders.length) {
          const o = pick(s.pick)!;
          const body = { orderItemId: o.items[s.pick % o.items.length] };
          const first = await call(t.app, 'POST', `/api/orders/${o.id}/refunds`, seller, body);
          expect([200, 409]).toContain(first.statusCode);
          if (s.replay) expect((await call(t.app, 'POST', `/api/orders/${o.id}/refunds`, seller, body)).statusCode).toBe(409);
        } else if (s.kind === 'deliver' && orders.length) {
          const o = pick(s.pick)!;
          const state = (await call(t.app, 'GET', `/api/orders/${o.id}`, seller)).json() as { status: string; parcel: object | null };
          if (state.status === 'confirmed' && !state.parcel) await shipAndDeliver(t.app, seller, o.id);
        } else if (s.kind === 'returnPart' && orders.length) {
          const o = pick(s.pick)!;
          const item = o.items[s.pick % o.items.length];
          const units = 1 + ((s.units - 1) % o.units[s.pick % o.items.length]!);
          // A paid order not sent yet is delivered first, so that returns happen often enough to matter.
          const state = (await call(t.app, 'GET', `/api/orders/${o.id}`, seller)).json() as { status: string; parcel: object | null };
          if (state.status === 'confirmed' && !state.parcel) await shipAndDeliver(t.app, seller, o.id);
          const asked = await call(t.app, 'POST', `/api/orders/${o.id}/returns`, buyer, { items: [{ orderItemId: item, quantity: units }], reason: 'damaged' });
          expect([201, 400, 409], asked.body).toContain(asked.statusCode);
          if (asked.statusCode === 201) {
            const { awb } = (await call(t.app, 'PATCH', `/api/returns/${asked.json().id}`, seller, { status: 'approved' })).json();
            await advance(t.app, seller, awb, 'delivered');
          }
        } else if (s.kind === 'days') {
          await clock.tick(s.n * DAY);
        } else if (s.kind === 'payout') {
          const before = await balanceOf(t.database.db, seller.sellerId, { before: new Date(clock.now() - 7 * DAY), days: 7 });
          const made = await t.app.money.payouts.run((runs += 1));
          const mine = made.filter((p) => p.sellerId === seller.sellerId);
          const after = await balanceOf(t.database.db, seller.sellerId, { before: new Date(clock.now() - 7 * DAY), days: 7 });
          if (before.available >= 100) expect(mine.map((p) => p.amountPaise)).toEqual([before.available]);
          else expect(mine).toEqual([]);
          expect(after.available).toBe(before.available >= 100 ? 0 : before.available);
          for (const p of mine) await t.app.money.payouts.send(p.id);
        }
        await checkInvariants(seller, orders.map((o) => o.id));
      }
    }),
    { numRuns: 12 },
  );
}, 240_000);
