import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COIN_STARTING_BALANCE, RecentGift, RecentGiftList, ServerMessage } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { coinLedger } from './tables.js';

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
let streamId: string;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
  streamId = await goLive(t.app, seller);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST', url: string, who: TestUser | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload }) });
const send = (who: TestUser | null, giftId: string, idempotencyKey: string = randomUUID(), stream = streamId) =>
  req('POST', `/api/streams/${stream}/gifts`, who, { giftId, idempotencyKey });
const balance = async (who: TestUser) => (await req('GET', '/api/wallet', who)).json().balance as number;

describe('the wallet', () => {
  it('starts every user at 1,000 coins, granted once however often it is read', async () => {
    const fresh = await makeUser(t.app, 'Fresh');
    const reads = await Promise.all([balance(fresh), balance(fresh), balance(fresh)]);
    expect(reads).toEqual([COIN_STARTING_BALANCE, COIN_STARTING_BALANCE, COIN_STARTING_BALANCE]);
    const bonuses = await t.database.db
      .select()
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, fresh.id), eq(coinLedger.reason, 'welcome_bonus')));
    expect(bonuses).toHaveLength(1);
    expect((await req('GET', '/api/wallet', null)).statusCode).toBe(401);
  });
});

describe('sending gifts', () => {
  it('refuses a signed-out sender (401), the stream owner (403) and an unknown gift (400)', async () => {
    expect((await send(null, 'heart')).statusCode).toBe(401);
    const own = await send(seller, 'heart');
    expect(own.statusCode).toBe(403);
    expect((await send(shopper, 'unicorn')).statusCode).toBe(400);
  });

  it('charges the sender, credits the seller, lists the gift and pushes gift_sent to the room', async () => {
    const socket = await TestSocket.connect(await wsUrl(t.app), { cookie: seller.cookie, origin: t.config.publicOrigin });
    try {
      socket.send({ type: 'join_stream', streamId });
      await socket.nextOf('viewer_count_update');
      const before = await balance(seller);
      const res = await send(shopper, 'diamond');
      expect(res.statusCode).toBe(201);
      const gift = RecentGift.parse(res.json());
      expect(gift).toMatchObject({ giftId: 'diamond', senderName: 'Rahul', amount: 50 });
      expect(await balance(shopper)).toBe(COIN_STARTING_BALANCE - 50);
      expect(await balance(seller)).toBe(before + 50);
      expect(ServerMessage.parse(await socket.nextOf('gift_sent'))).toEqual({ type: 'gift_sent', streamId, gift });
      const list = RecentGiftList.parse((await req('GET', `/api/streams/${streamId}/gifts`, shopper)).json());
      expect(list[0]).toEqual(gift);
      expect((await req('GET', `/api/streams/${streamId}/gifts/earnings`, seller)).json()).toEqual({ coins: 50 });
      expect((await req('GET', `/api/streams/${streamId}/gifts/earnings`, shopper)).statusCode).toBe(403);
    } finally {
      socket.close();
    }
  });

  it('charges a repeated idempotency key once and returns the original gift', async () => {
    const buyer = await makeUser(t.app, 'Dev');
    const key = randomUUID();
    const first = await send(buyer, 'crown', key);
    const replays = await Promise.all([send(buyer, 'crown', key), send(buyer, 'crown', key), send(buyer, 'crown', key)]);
    expect(first.statusCode).toBe(201);
    for (const r of replays) expect(r.json()).toEqual(first.json());
    expect(await balance(buyer)).toBe(COIN_STARTING_BALANCE - 100);
  });

  it('lets 50 parallel sends from a user with coins for 10 succeed exactly 10 times', async () => {
    const buyer = await makeUser(t.app, 'Zoya');
    expect(await balance(buyer)).toBe(COIN_STARTING_BALANCE);
    await t.database.db.insert(coinLedger).values({ userId: buyer.id, delta: -(COIN_STARTING_BALANCE - 10), reason: 'adjustment' });
    const results = await Promise.all(Array.from({ length: 50 }, () => send(buyer, 'heart')));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.statusCode === 409 && r.json().message === "You don't have enough coins to send this gift")).toBe(true);
    expect(await balance(buyer)).toBe(0);
  });

  it('refuses gifts to an ended stream (409)', async () => {
    const other = await makeSeller(t.app, t.database.db, 'Meera');
    const stream = await goLive(t.app, other);
    await req('GET', '/api/wallet', shopper);
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${stream}`, headers: { cookie: other.cookie }, payload: { isLive: false } });
    expect((await send(shopper, 'heart', randomUUID(), stream)).statusCode).toBe(409);
  });
});
