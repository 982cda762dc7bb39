import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE_CODE } from '@live-market/contract';
import { call } from '../../testing/commerce.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { user } from '../auth/index.js';
import { products } from '../products/index.js';
import { streams } from '../streams/index.js';
import { operatorAudit } from './tables.js';

// Issue 28, item 6: a suspended person is signed out on every socket at once, cannot chat or sign in
// (and is told why), their shows end and their products are hidden; restoring undoes exactly that.
let t: TestApp;
let url: string;
let operator: TestUser;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ OPERATOR_PHONES: '7000000011' });
  url = await wsUrl(t.app);
  const cookie = await signIn(t.app, '7000000011', 'Meena');
  operator = { id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id, cookie };
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function joined(who: TestUser, streamId: string): Promise<TestSocket> {
  const socket = await TestSocket.connect(url, { cookie: who.cookie, origin: t.config.publicOrigin });
  open.push(socket);
  socket.send({ type: 'join_stream', streamId });
  await socket.nextOf('viewer_count_update');
  return socket;
}

const phoneOf = async (id: string) => (await t.database.db.select().from(user).where(eq(user.id, id)))[0]!.phoneNumber!.replace('+91', '');

describe('suspending a person', () => {
  it('refuses a chat line from an account suspended while its socket is still open', async () => {
    const seller = await makeSeller(t.app, t.database.db, 'Asha');
    const streamId = await goLive(t.app, seller);
    const troll = await makeUser(t.app, 'Troll');
    const socket = await joined(troll, streamId);
    // The suspension lands between the check of the session and the chat line (the socket not closed yet).
    await t.database.db.update(user).set({ suspendedAt: new Date(), suspendedReason: 'Abuse' }).where(eq(user.id, troll.id));
    socket.send({ type: 'chat_message', streamId, message: 'buy fake stuff here' });
    expect(await socket.nextOf('error')).toMatchObject({ message: 'This account is suspended' });
  });

  it('closes their socket on the spot, ends their live show for its viewers, hides their products, and refuses their sign-in with the reason', async () => {
    const seller: TestSeller = await makeSeller(t.app, t.database.db, 'Fraud');
    const listed = await makeProduct(t.database.db, seller.sellerId, { name: 'Fake watch' });
    const hiddenBefore = await makeProduct(t.database.db, seller.sellerId, { name: 'Old stock', isActive: false });
    const streamId = await goLive(t.app, seller);
    const viewer = await makeUser(t.app, 'Viewer');
    const sellerSocket = await joined(seller, streamId);
    const viewerSocket = await joined(viewer, streamId);
    const closing = sellerSocket.closed();

    const res = await call(t.app, 'POST', `/api/admin/users/${seller.id}/suspend`, operator, { reason: 'Selling counterfeit watches' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: seller.id, sellerId: seller.sellerId, suspended: { reason: 'Selling counterfeit watches' } });
    expect(await closing).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await viewerSocket.nextOf('stream_ended')).toMatchObject({ streamId });
    const [show] = await t.database.db.select().from(streams).where(eq(streams.id, streamId));
    expect(show!.isLive).toBe(false);
    const active = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.isActive;
    expect(await active(listed.id)).toBe(false);
    expect((await call(t.app, 'GET', '/api/auth/user', seller)).statusCode).toBe(401);
    await expect(signIn(t.app, await phoneOf(seller.id))).rejects.toThrow('403 {"message":"This account is suspended: Selling counterfeit watches"}');
    expect((await call(t.app, 'POST', `/api/admin/users/${seller.id}/suspend`, operator, { reason: 'Again' })).statusCode).toBe(409);

    const restored = await call(t.app, 'POST', `/api/admin/users/${seller.id}/restore`, operator, { reason: 'Cleared after review' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().suspended).toBeNull();
    // Only what the suspension hid comes back.
    expect([await active(listed.id), await active(hiddenBefore.id)]).toEqual([true, false]);
    const cookie = await signIn(t.app, await phoneOf(seller.id));
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);

    const audit = await t.database.db.select().from(operatorAudit).where(eq(operatorAudit.targetId, seller.id));
    expect(audit.map((a) => [a.action, a.operatorId, a.reason]).sort()).toEqual([
      ['user_restored', operator.id, 'Cleared after review'],
      ['user_suspended', operator.id, 'Selling counterfeit watches'],
    ]);
    expect(audit.find((a) => a.action === 'user_suspended')!.details).toMatchObject({ showsEnded: 1, productsHidden: 1 });
  });

  it('never suspends the operator themselves', async () => {
    const self = await call(t.app, 'POST', `/api/admin/users/${operator.id}/suspend`, operator, { reason: 'Oops' });
    expect([self.statusCode, self.json().message]).toEqual([409, 'You cannot suspend your own account']);
  });
});
