import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerMessage } from '@live-market/contract';
import { TestClock } from '../../jobs/clock.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { call, saveAddress } from '../../testing/commerce.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { storeBans } from '../moderation/tables.js';
import { products } from '../products/index.js';
import { notifications, orders } from '../shopper/index.js';
import { auctionBids, auctions } from './tables.js';

// Issue 14, live auctions: the server's clock, the increment table, max bids, the 10 s reset, the
// winner's order and the runner-up. Time is a TestClock moved by hand.
const clock = new TestClock(Date.now());
let t: TestApp;
let seller: TestSeller;
let streamId: string;
let bidders: TestUser[];
const CROWD = 500;

beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '100000', API_RATE_LIMIT_PER_MINUTE: '1000000' }, null, { jobs: { clock } });
  seller = await makeSeller(t.app, t.database.db);
  streamId = await goLive(t.app, seller, 'Silver auction night');
  bidders = [];
  for (let i = 0; i < CROWD; i += 25) bidders.push(...(await Promise.all(Array.from({ length: 25 }, (_, j) => makeUser(t.app, `Bidder${i + j}`)))));
}, 300_000);
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'DELETE', url: string, who: TestUser | null, payload?: object) => call(t.app, method, url, who, payload);
const bid = (who: TestUser, auctionId: string, amount: string, extra: object = {}) =>
  req('POST', `/api/auctions/${auctionId}/bids`, who, { amount, idempotencyKey: randomUUID(), ...extra });
const stockOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.stockQuantity;
const service = () => t.app.selling.auctions;

async function startAuction(body: Partial<{ startingBid: string; durationSeconds: number; suddenDeath: boolean }> = {}) {
  const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 3, price: '1500.00', name: 'Silver anklet' });
  const res = await req('POST', `/api/streams/${streamId}/auctions`, seller, { productId: p.id, startingBid: '499', durationSeconds: 30, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { productId: p.id, auction: res.json() };
}

/** Lets the auction's time run out and ends it, as its deadline would. */
async function runOut(auctionId: string) {
  const [row] = await t.database.db.select().from(auctions).where(eq(auctions.id, auctionId));
  await clock.setTime(Math.max(clock.now(), row!.endsAt.getTime()) + 1);
  await service().finishDue(auctionId);
}

describe('starting and cancelling', () => {
  it('is the owner’s, one at a time, sets one unit aside, and cannot be cancelled once bid on', async () => {
    const p = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 1 });
    const url = `/api/streams/${streamId}/auctions`;
    const body = { productId: p.id, startingBid: '499', durationSeconds: 30 };
    expect((await req('POST', url, bidders[0]!, body)).statusCode).toBe(403);
    expect((await req('POST', url, seller, { ...body, durationSeconds: 61 })).json().message).toBe('An auction runs 10 to 60 seconds');
    const first = await req('POST', url, seller, body);
    expect(first.statusCode).toBe(201);
    const auction = first.json();
    expect(auction).toMatchObject({ status: 'active', startingBid: '499.00', highestBid: null, leaderName: null, nextBid: '499.00', suddenDeath: false, bids: [] });
    expect(new Date(auction.endsAt).getTime() - new Date(auction.serverNow).getTime()).toBe(30_000);
    expect(await stockOf(p.id)).toBe(0);
    const second = await req('POST', url, seller, body);
    expect([second.statusCode, second.json().message]).toEqual([409, 'This show already has an auction running']);

    expect((await req('DELETE', `/api/auctions/${auction.id}`, bidders[0]!)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/auctions/${auction.id}`, seller)).statusCode).toBe(204);
    expect(await stockOf(p.id)).toBe(1);
    expect((await req('GET', `/api/streams/${streamId}/auction/active`, null)).json()).toBeNull();

    const { auction: bidOn } = await startAuction();
    expect((await bid(bidders[0]!, bidOn.id, '499')).statusCode).toBe(201);
    const refused = await req('DELETE', `/api/auctions/${bidOn.id}`, seller);
    expect([refused.statusCode, refused.json().message]).toEqual([409, 'An auction with a bid cannot be cancelled']);
    await runOut(bidOn.id);
  });
});

describe('bidding', () => {
  it('follows the increment table; the seller, the banned and the timed-out cannot bid', async () => {
    const { auction } = await startAuction({ startingBid: '490' });
    expect((await bid(seller, auction.id, '490')).statusCode).toBe(403);
    await t.database.db.insert(storeBans).values([
      { sellerId: seller.sellerId, userId: bidders[10]!.id, until: null, createdBy: seller.id },
      { sellerId: seller.sellerId, userId: bidders[11]!.id, until: new Date(Date.now() + 600_000), createdBy: seller.id },
    ]);
    expect((await bid(bidders[10]!, auction.id, '490')).json().message).toBe("You are banned from this store's shows");
    expect((await bid(bidders[11]!, auction.id, '490')).statusCode).toBe(403);

    const low = await bid(bidders[1]!, auction.id, '480');
    expect([low.statusCode, low.json().message]).toEqual([409, 'Bid at least ₹490.00']);
    const opening = await bid(bidders[1]!, auction.id, '490');
    expect(opening.statusCode).toBe(201);
    expect(opening.json()).toMatchObject({ highestBid: '490.00', leaderName: 'Bidder1', leaderId: bidders[1]!.id, nextBid: '500.00' });
    // A low bid is refused in memory, without the database; one that could lead meets the ban.
    expect((await bid(bidders[10]!, auction.id, '100')).json().message).toBe('Bid at least ₹500.00');
    expect((await bid(bidders[10]!, auction.id, '500')).statusCode).toBe(403);
    expect((await bid(seller, auction.id, '100')).statusCode).toBe(403);
    // ₹10 steps under ₹500, ₹25 from ₹500.
    expect((await bid(bidders[2]!, auction.id, '495')).json().message).toBe('Bid at least ₹500.00');
    expect((await bid(bidders[2]!, auction.id, '500')).json().nextBid).toBe('525.00');
    expect((await bid(bidders[3]!, auction.id, '4990')).json().nextBid).toBe('5040.00');
    const got = (await req('GET', `/api/auctions/${auction.id}`, null)).json();
    expect(got.bids.map((b: { amount: string }) => b.amount)).toEqual(['4990.00', '500.00', '490.00']);
    await runOut(auction.id);
  });

  it('a max bid answers one step above a rival, never above its maximum', async () => {
    const { auction } = await startAuction({ startingBid: '500' });
    const [a, b] = [bidders[20]!, bidders[21]!];
    expect((await bid(a, auction.id, '500', { maxAmount: '900' })).statusCode).toBe(201);
    const outbid = await bid(b, auction.id, '550');
    expect([outbid.statusCode, outbid.json().message]).toEqual([409, 'You have been outbid: bid at least ₹600.00']);
    expect((await req('GET', `/api/auctions/${auction.id}`, a)).json()).toMatchObject({ highestBid: '575.00', leaderId: a.id, viewer: { maxAmount: '900.00' } });
    // A tie goes to the maximum committed first.
    expect((await bid(b, auction.id, '900')).statusCode).toBe(409);
    expect((await req('GET', `/api/auctions/${auction.id}`, null)).json().highestBid).toBe('900.00');
    const passes = await bid(b, auction.id, '950');
    expect(passes.statusCode).toBe(201);
    expect(passes.json()).toMatchObject({ highestBid: '950.00', leaderId: b.id });
    const amounts = (await t.database.db.select().from(auctionBids).where(eq(auctionBids.auctionId, auction.id))).filter((r) => r.userId === a.id).map((r) => Number(r.amount));
    expect(Math.max(...amounts)).toBe(900);
    await runOut(auction.id);
  });

  it('a leading bid in the last 10 s resets the clock to 10 s, unless sudden death; late bids lose', async () => {
    const { auction } = await startAuction({ durationSeconds: 30 });
    const ends = new Date(auction.endsAt).getTime();
    await clock.setTime(ends - 4_000);
    const reset = (await bid(bidders[30]!, auction.id, '499')).json();
    expect(new Date(reset.endsAt).getTime()).toBe(ends - 4_000 + 10_000);
    await clock.setTime(new Date(reset.endsAt).getTime());
    const late = await bid(bidders[31]!, auction.id, '520');
    expect([late.statusCode, late.json().message]).toEqual([409, 'This auction has ended']);
    await runOut(auction.id);

    const { auction: sudden } = await startAuction({ durationSeconds: 30, suddenDeath: true });
    const suddenEnds = new Date(sudden.endsAt).getTime();
    await clock.setTime(suddenEnds - 2_000);
    expect(new Date((await bid(bidders[32]!, sudden.id, '499')).json().endsAt).getTime()).toBe(suddenEnds);
    await runOut(sudden.id);
  });

  it('a replayed idempotency key is one bid', async () => {
    const { auction } = await startAuction();
    const key = randomUUID();
    const first = await bid(bidders[40]!, auction.id, '499', { idempotencyKey: key });
    const again = await bid(bidders[40]!, auction.id, '499', { idempotencyKey: key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(await t.database.db.select().from(auctionBids).where(eq(auctionBids.auctionId, auction.id))).toHaveLength(1);
    await runOut(auction.id);
  });

  it('a person bids at most 10 times in 5 s', async () => {
    const { auction } = await startAuction();
    const who = await makeUser(t.app, 'Eager');
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await bid(who, auction.id, String(499 + 10 * i))).statusCode);
    expect(answers.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(answers[10]).toBe(429);
    await runOut(auction.id);
  });
});

describe('500 bidders within one second', () => {
  it('accepted bids rise strictly, nothing after the end, one winner at the highest', async () => {
    const { auction } = await startAuction({ startingBid: '100', durationSeconds: 60 });
    // Everyone bids what they believe is a good amount: many collide, some are too low, some use max bids.
    const answers = await Promise.all(
      bidders.map((who, i) => {
        const amount = String(100 + 10 * (i % 97));
        return bid(who, auction.id, amount, i % 5 === 0 ? { maxAmount: String(Number(amount) + 10 * (i % 13)) } : {});
      }),
    );
    // The two the store banned or timed out (above) never get a bid in: refused as banned, or as too
    // low when their bid could not lead anyway (that refusal needs no lookup). Nobody else hears 403.
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 201 || c === 409 || c === 403)).toBe(true);
    expect([codes[10], codes[11]].every((c) => c === 403 || c === 409)).toBe(true);
    expect(codes.filter((c, i) => c === 403 && i !== 10 && i !== 11)).toEqual([]);
    expect(codes.filter((c) => c === 201).length).toBeGreaterThan(10);
    const accepted = await t.database.db.select().from(auctionBids).where(eq(auctionBids.auctionId, auction.id)).orderBy(asc(auctionBids.createdAt), asc(auctionBids.amount));
    const amounts = accepted.map((b) => Number(b.amount));
    for (let i = 1; i < amounts.length; i++) expect(amounts[i]).toBeGreaterThan(amounts[i - 1]!);
    await runOut(auction.id);
    const [row] = await t.database.db.select().from(auctions).where(eq(auctions.id, auction.id));
    expect(accepted.every((b) => b.createdAt.getTime() < row!.endsAt.getTime())).toBe(true);
    expect(accepted.some((b) => b.userId === bidders[10]!.id || b.userId === bidders[11]!.id)).toBe(false);
    const top = accepted.at(-1)!;
    expect([row!.status, row!.leaderId, row!.price]).toEqual(['ended', top.userId, top.amount]);
    const won = await t.database.db.select().from(orders).where(eq(orders.auctionId, auction.id));
    expect(won.map((o) => [o.userId, o.totalAmount, o.status])).toEqual([[top.userId, top.amount, 'pending']]);
    // After the end, nobody's bid counts.
    expect((await bid(bidders[0]!, auction.id, '99999')).json().message).toBe('This auction has ended');
  }, 120_000);
});

describe('the winner', () => {
  it('gets an order awaiting payment, pays it with an address chosen then; unpaid, it passes to the runner-up', async () => {
    const { productId, auction } = await startAuction({ startingBid: '700' });
    const [winner, runnerUp, third] = [bidders[50]!, bidders[51]!, bidders[52]!];
    await bid(third, auction.id, '700');
    await bid(runnerUp, auction.id, '725');
    await bid(winner, auction.id, '800');
    await runOut(auction.id);
    const ended = (await req('GET', `/api/auctions/${auction.id}`, null)).json();
    expect(ended).toMatchObject({ status: 'ended', highestBid: '800.00', leaderName: 'Bidder50' });

    const mine = (await req('GET', '/api/orders', winner)).json();
    expect(mine[0]).toMatchObject({ auctionId: auction.id, totalAmount: '800.00', status: 'pending', paymentMethod: null });
    expect(new Date(mine[0].payBy).getTime() - clock.now()).toBeGreaterThan(60_000);
    const [told] = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, winner.id), eq(notifications.kind, 'auction_won')));
    expect(told?.title).toBe('You won Silver anklet!');

    // Not paid in time: cancelled, and the runner-up is offered it at their own highest bid.
    await clock.setTime(new Date(mine[0].payBy).getTime() + 1);
    expect(await t.app.selling.orderStatus.expireUnpaid(mine[0].id)).toBeNull();
    expect((await req('GET', `/api/orders/${mine[0].id}`, winner)).json().status).toBe('cancelled');
    const offered = (await req('GET', '/api/orders', runnerUp)).json()[0];
    expect(offered).toMatchObject({ auctionId: auction.id, totalAmount: '725.00', status: 'pending' });
    const pay = (who: TestUser, body: object) => req('POST', `/api/orders/${offered.id}/pay`, who, body);
    const addressId = await saveAddress(t.app, runnerUp);
    expect((await pay(winner, { addressId, paymentMethod: 'upi' })).statusCode).toBe(404);
    const paying = await pay(runnerUp, { addressId, paymentMethod: 'upi' });
    expect(paying.statusCode, paying.body).toBe(200);
    expect(paying.json().order.address.city).toBe('Noida');
    // A declined payment keeps the win open until its time; a second try pays it.
    await req('POST', `/api/payments/simulated/${paying.json().payment.paymentId}`, runnerUp, { outcome: 'failure' });
    expect((await req('GET', `/api/orders/${offered.id}`, runnerUp)).json()).toMatchObject({ status: 'pending', paymentMethod: null });
    const retry = await pay(runnerUp, { addressId, paymentMethod: 'upi' });
    await req('POST', `/api/payments/simulated/${retry.json().payment.paymentId}`, runnerUp, { outcome: 'success' });
    expect((await req('GET', `/api/orders/${offered.id}`, runnerUp)).json()).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', payBy: null });
    expect((await pay(runnerUp, { addressId, paymentMethod: 'upi' })).json().message).toBe('This order is not waiting for payment');
    expect(await stockOf(productId)).toBe(2);
  });

  it('tells the room, the seller included, who won, for how much and until when they can pay; once paid, no deadline', async () => {
    const { auction } = await startAuction({ startingBid: '900' });
    const [winner, rival] = [bidders[60]!, bidders[61]!];
    const socket = await TestSocket.connect(await wsUrl(t.app), { cookie: seller.cookie, origin: t.config.publicOrigin });
    try {
      socket.send({ type: 'join_stream', streamId });
      await socket.nextOf('viewer_count_update');
      await bid(rival, auction.id, '900');
      await bid(winner, auction.id, '950');
      await runOut(auction.id);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.auctionId, auction.id));
      const payBy = order!.payBy!.toISOString();
      expect(order!.payBy!.getTime() - clock.now()).toBe(t.config.paymentTimeoutMinutes * 60_000);
      // The update that ends it carries the deadline, and then the result. (A bid's coalesced update
      // sent once the clock has passed the end already reads "ended", before the winner's order exists.)
      let update = ServerMessage.parse(await socket.nextOf('auction_update'));
      while (update.type === 'auction_update' && (update.auction.status !== 'ended' || !update.auction.payBy)) update = ServerMessage.parse(await socket.nextOf('auction_update'));
      expect(update).toMatchObject({ auction: { id: auction.id, status: 'ended', leaderName: 'Bidder60', highestBid: '950.00', payBy } });
      expect(ServerMessage.parse(await socket.nextOf('auction_ended'))).toMatchObject({ auctionId: auction.id, winnerName: 'Bidder60', price: '950.00' });
      expect((await req('GET', `/api/streams/${streamId}/auction/active`, seller)).json()).toMatchObject({ id: auction.id, payBy });

      const addressId = await saveAddress(t.app, winner);
      const paying = await req('POST', `/api/orders/${order!.id}/pay`, winner, { addressId, paymentMethod: 'upi' });
      expect(paying.statusCode, paying.body).toBe(200);
      const paid = await req('POST', `/api/payments/simulated/${paying.json().payment.paymentId}`, winner, { outcome: 'success' });
      expect(paid.statusCode, paid.body).toBeLessThan(300);
      expect((await req('GET', `/api/orders/${order!.id}`, winner)).json()).toMatchObject({ status: 'confirmed', payBy: null });
      expect((await req('GET', `/api/auctions/${auction.id}`, null)).json()).toMatchObject({ status: 'ended', payBy: null });
    } finally {
      socket.close();
    }
  });

  it('no bids: the unit goes back on sale', async () => {
    const { productId, auction } = await startAuction();
    expect(await stockOf(productId)).toBe(2);
    await runOut(auction.id);
    expect(await stockOf(productId)).toBe(3);
    expect((await req('GET', `/api/streams/${streamId}/auction/active`, null)).json()).toMatchObject({ id: auction.id, status: 'ended', highestBid: null });
  });
});
