import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, placeOrder, saveAddress, shipAndDeliver } from '../../testing/commerce.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { ledgerLines } from '../ledger/index.js';
import { payoutAccounts, payouts } from '../payouts/index.js';
import { notifications } from '../shopper/index.js';
import { operatorAudit } from './tables.js';

// Issue 28, item 5: each queue's action goes through the module that owns it, reaches the people it
// concerns, and leaves one audit line.
let t: TestApp;
let operator: TestUser;
let seller: TestSeller;
let buyer: TestUser;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ OPERATOR_PHONES: '7000000031' });
  const cookie = await signIn(t.app, '7000000031', 'Meena');
  operator = { id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id, cookie };
  seller = await makeSeller(t.app, t.database.db, 'Asha');
  buyer = await makeUser(t.app, 'Ravi');
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function joined(who: TestUser, streamId: string) {
  const socket = await TestSocket.connect(await wsUrl(t.app), { cookie: who.cookie, origin: t.config.publicOrigin });
  open.push(socket);
  socket.send({ type: 'join_stream', streamId });
  await socket.nextOf('viewer_count_update');
  return socket;
}
const auditOf = async (targetId: string) => (await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.targetId, targetId))).map((a) => [a.action, a.reason]);
const notified = async (userId: string) => (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.kind);

describe('the operator console', () => {
  it('rejects a verification with its reason, which the seller is told', async () => {
    const valid = { businessName: 'Asha Silks', businessAddress: 'Chickpet, Bengaluru', businessPhone: '9876543210', panNumber: 'AAPFU0939F' };
    expect((await call(t.app, 'POST', '/api/seller/verification', seller, valid)).statusCode).toBe(201);
    const [pending] = (await call(t.app, 'GET', '/api/admin/verifications', operator)).json();
    expect(pending).toMatchObject({ sellerId: seller.sellerId, panNumber: 'AAPFU0939F' });
    const rejected = await call(t.app, 'POST', `/api/admin/verifications/${pending.id}/reject`, operator, { reason: 'PAN does not match the name' });
    expect(rejected.statusCode, rejected.body).toBe(204);
    expect(await notified(seller.id)).toContain('verification_rejected_reason');
    expect((await call(t.app, 'POST', `/api/admin/verifications/${pending.id}/approve`, operator, { level: 'gold' })).statusCode).toBe(409);
    expect(await auditOf(pending.id)).toEqual([['verification_rejected', 'PAN does not match the name']]);
  });

  it('removes a reported chat line from every screen, and ends a live show for its viewers', async () => {
    const streamId = await goLive(t.app, seller);
    const troll = await makeUser(t.app, 'Troll');
    const [trollSocket, viewerSocket] = [await joined(troll, streamId), await joined(buyer, streamId)];
    trollSocket.send({ type: 'chat_message', streamId, message: 'visit my shop instead' });
    const line = (await viewerSocket.nextOf('new_chat_message')).message as { id: string };
    expect((await call(t.app, 'POST', `/api/messages/${line.id}/reports`, buyer)).statusCode).toBe(201);
    expect((await call(t.app, 'GET', '/api/admin/reports', operator)).json()).toEqual([expect.objectContaining({ messageId: line.id, reports: 1, storeName: "Asha's Store" })]);
    const removed = await call(t.app, 'POST', `/api/admin/reports/${line.id}/resolve`, operator, { action: 'remove', reason: 'Spam' });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await viewerSocket.nextOf('chat_message_deleted')).toMatchObject({ messageId: line.id });
    expect((await call(t.app, 'GET', '/api/admin/reports', operator)).json()).toEqual([]);

    expect((await call(t.app, 'GET', '/api/admin/streams', operator)).json().map((s: { id: string }) => s.id)).toContain(streamId);
    const ended = await call(t.app, 'POST', `/api/admin/streams/${streamId}/end`, operator, { reason: 'Selling weapons' });
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await viewerSocket.nextOf('stream_ended')).toMatchObject({ streamId });
    const again = await call(t.app, 'POST', `/api/admin/streams/${streamId}/end`, operator, { reason: 'Selling weapons' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'This show is not live']);
    expect(await auditOf(line.id)).toEqual([['report_removed', 'Spam']]);
    expect(await auditOf(streamId)).toEqual([['stream_ended', 'Selling weapons']]);
  });

  it('answers a ticket: the user reads it in /support and is notified', async () => {
    const { id } = (await call(t.app, 'POST', '/api/support/tickets', buyer, { category: 'delivery', message: 'Where is my parcel, please?' })).json();
    expect((await call(t.app, 'GET', '/api/admin/tickets?status=open', operator)).json().map((x: { id: string }) => x.id)).toContain(id);
    const answered = await call(t.app, 'POST', `/api/admin/tickets/${id}/answer`, operator, { message: 'It moves tomorrow.', resolve: true });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ id, status: 'resolved', userName: 'Ravi' });
    const [mine] = (await call(t.app, 'GET', '/api/support/tickets', buyer)).json();
    expect(mine.messages.map((m: { from: string }) => m.from)).toEqual(['user', 'operator']);
    expect(await notified(buyer.id)).toContain('ticket_resolved');
    expect((await call(t.app, 'POST', `/api/admin/tickets/${id}/answer`, operator, { message: 'Again' })).statusCode).toBe(409);
  });

  it('decides an escalated return: a refund books the pickup as the store’s approval would', async () => {
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '400.00', stockQuantity: 3 });
    const placed = (await placeOrder(t.app, buyer, { addressId: await saveAddress(t.app, buyer), productId: product.id })).json();
    await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
    await shipAndDeliver(t.app, seller, placed.order.id);
    const asked = (await call(t.app, 'POST', `/api/orders/${placed.order.id}/returns`, buyer, { items: [{ orderItemId: placed.order.items[0].id, quantity: 1 }], reason: 'damaged' })).json();
    await call(t.app, 'PATCH', `/api/returns/${asked.id}`, seller, { status: 'rejected', note: 'Looks fine to us' });
    await call(t.app, 'POST', `/api/returns/${asked.id}/escalate`, buyer);
    expect((await call(t.app, 'GET', '/api/admin/returns', operator)).json()).toEqual([expect.objectContaining({ id: asked.id, amount: '400.00', sellerNote: 'Looks fine to us' })]);
    const decided = await call(t.app, 'POST', `/api/admin/returns/${asked.id}/decide`, operator, { decision: 'refund', reason: 'Photo shows the crack' });
    expect(decided.statusCode, decided.body).toBe(204);
    const [now] = (await call(t.app, 'GET', `/api/orders/${placed.order.id}/returns`, buyer)).json();
    expect(['approved', 'pickup_scheduled']).toContain(now.status);
    expect(now.awb).toBeTruthy();
    expect(await auditOf(asked.id)).toEqual([['return_refunded', 'Photo shows the crack']]);
  });

  it('rejects an escalated return for good: the buyer cannot escalate the operator’s decision again', async () => {
    const product = await makeProduct(t.database.db, seller.sellerId, { price: '300.00', stockQuantity: 3 });
    const placed = (await placeOrder(t.app, buyer, { addressId: await saveAddress(t.app, buyer), productId: product.id })).json();
    await call(t.app, 'POST', `/api/payments/simulated/${placed.payment.paymentId}`, buyer, { outcome: 'success' });
    await shipAndDeliver(t.app, seller, placed.order.id);
    const asked = (await call(t.app, 'POST', `/api/orders/${placed.order.id}/returns`, buyer, { items: [{ orderItemId: placed.order.items[0].id, quantity: 1 }], reason: 'wrong_item' })).json();
    await call(t.app, 'PATCH', `/api/returns/${asked.id}`, seller, { status: 'rejected', note: 'It is the one ordered' });
    expect((await call(t.app, 'POST', `/api/returns/${asked.id}/escalate`, buyer)).json().status).toBe('escalated');
    const decided = await call(t.app, 'POST', `/api/admin/returns/${asked.id}/decide`, operator, { decision: 'reject', reason: 'The photo shows the ordered colour' });
    expect(decided.statusCode, decided.body).toBe(204);
    const again = await call(t.app, 'POST', `/api/returns/${asked.id}/escalate`, buyer);
    expect([again.statusCode, again.json().message]).toEqual([409, 'The operator has decided this return already: write to Help & complaints if you disagree']);
    expect((await call(t.app, 'GET', '/api/admin/returns', operator)).json().map((r: { id: string }) => r.id)).not.toContain(asked.id);
  });

  it('holds a store’s payouts: the payout run passes it by until they are released', async () => {
    const store = await makeSeller(t.app, t.database.db, 'Held');
    await t.database.db.insert(payoutAccounts).values({ sellerId: store.sellerId, kind: 'vpa', accountHolderName: 'Held', vpa: 'held@okaxis' });
    await t.database.db.insert(ledgerLines).values({ sellerId: store.sellerId, type: 'adjustment', amountPaise: 50_000, key: `seed:${store.sellerId}`, note: 'opening balance' });
    const held = await call(t.app, 'POST', `/api/admin/sellers/${store.sellerId}/payouts/hold`, operator, { reason: 'Chargebacks under review' });
    expect(held.json()).toMatchObject({ id: store.id, payoutsHeld: { reason: 'Chargebacks under review' } });
    const mine = async () => (await t.database.db.select().from(payouts).where(eq(payouts.sellerId, store.sellerId))).length;
    await t.app.money.payouts.run(900_001);
    expect(await mine()).toBe(0);
    expect((await call(t.app, 'POST', `/api/admin/sellers/${store.sellerId}/payouts/release`, operator, { reason: 'Cleared' })).json().payoutsHeld).toBeNull();
    await t.app.money.payouts.run(900_002);
    expect(await mine()).toBe(1);
    expect((await call(t.app, 'GET', '/api/admin/users?q=Held', operator)).json()).toEqual([expect.objectContaining({ id: store.id, sellerId: store.sellerId, isOperator: false })]);
  });

  it('counts each queue for the tabs', async () => {
    await call(t.app, 'POST', '/api/support/tickets', buyer, { category: 'payment', message: 'I was charged twice for one order' });
    const overview = (await call(t.app, 'GET', '/api/admin/overview', operator)).json();
    expect(overview).toEqual({ verifications: 0, reports: 0, returns: 0, tickets: 1, refundApprovals: 0, liveStreams: 0 });
  });
});
