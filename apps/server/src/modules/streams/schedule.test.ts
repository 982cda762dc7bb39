import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveStream, LiveStreamList, StreamDetail, UpcomingStreamList } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { streamPlannedProducts, streamRecordings, streamReplayViews, streams } from './tables.js';

let t: TestApp;
let seller: TestSeller;
let rival: TestSeller;
let shopper: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db, 'Anjali');
  rival = await makeSeller(t.app, t.database.db, 'Meera');
  shopper = await makeUser(t.app, 'Rahul');
});
afterAll(() => t.close());

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const schedule = (cookie: string, body: object) => send('POST', '/api/streams', cookie, { title: 'Saree drop at 7', ...body });

describe('scheduling a show', () => {
  it('creates it not live, not started, with its time, photo and products', async () => {
    const earrings = await makeProduct(t.database.db, seller.sellerId, { name: 'Jhumka earrings' });
    const saree = await makeProduct(t.database.db, seller.sellerId, { name: 'Banarasi saree' });
    const at = inMinutes(120);
    const res = await schedule(seller.cookie, {
      scheduledFor: at,
      thumbnailUrl: '/uploads/products/0b6f3f1e-8a4e-4c39-9d55-6f1f2d7a9b10/640.webp',
      productIds: [saree.id, earrings.id],
      recording: false,
    });
    expect(res.statusCode).toBe(201);
    const created = LiveStream.parse(res.json());
    expect(created).toMatchObject({ isLive: false, startedAt: null, endedAt: null, scheduledFor: new Date(at).toISOString() });
    const [row] = await t.database.db.select().from(streams).where(eq(streams.id, created.id));
    expect(row!.recordingEnabled).toBe(false);
    expect(row!.thumbnailUrl).toMatch(/^\/uploads\/products\//);

    const upcoming = UpcomingStreamList.parse((await send('GET', '/api/streams/upcoming', shopper.cookie)).json());
    const listed = upcoming.find((s) => s.id === created.id)!;
    expect(listed).toMatchObject({ storeName: expect.any(String), reminded: false });
    expect(listed.featuredProducts.map((p) => p.name)).toEqual(['Banarasi saree', 'Jhumka earrings']);
    // Not live: not in the live list, and a viewer's socket cannot join it yet.
    expect((await send('GET', '/api/streams/live')).json().map((s: { id: string }) => s.id)).not.toContain(created.id);
    const detail = StreamDetail.parse((await send('GET', `/api/streams/${created.id}`, shopper.cookie)).json());
    expect(detail).toMatchObject({ isLive: false, scheduledFor: new Date(at).toISOString(), reminded: false });
  });

  it('records the show unless switched off', async () => {
    const res = await schedule(rival.cookie, { scheduledFor: inMinutes(60 * 24) });
    const [row] = await t.database.db.select().from(streams).where(eq(streams.id, res.json().id));
    expect(row!.recordingEnabled).toBe(true);
    await send('DELETE', `/api/streams/${row!.id}`, rival.cookie);
  });

  it('refuses a time in the past, too soon, beyond 30 days, or not a time', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [inMinutes(-10), /at least 5 minutes ahead/],
      [inMinutes(3), /at least 5 minutes ahead/],
      [inMinutes(31 * 24 * 60), /at most 30 days ahead/],
      ['tomorrow at 7', /Choose a date and time/],
    ];
    for (const [scheduledFor, message] of cases) {
      const res = await schedule(seller.cookie, { scheduledFor });
      expect(res.statusCode, String(scheduledFor)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // 30 days exactly (less a minute) is fine.
    const edge = await schedule(seller.cookie, { scheduledFor: inMinutes(30 * 24 * 60 - 1) });
    expect(edge.statusCode).toBe(201);
    await send('DELETE', `/api/streams/${edge.json().id}`, seller.cookie);
  });

  it("refuses another store's product, an inactive one, and leaves nothing behind", async () => {
    const theirs = await makeProduct(t.database.db, rival.sellerId, { name: 'Rival kurta' });
    const hidden = await makeProduct(t.database.db, seller.sellerId, { name: 'Hidden', isActive: false });
    const before = (await t.database.db.select().from(streams)).length;
    for (const productIds of [[theirs.id], [hidden.id]]) {
      const res = await schedule(seller.cookie, { scheduledFor: inMinutes(90), productIds });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'That product is not in this store' });
    }
    expect((await t.database.db.select().from(streams)).length).toBe(before);
    const bad = await schedule(seller.cookie, { scheduledFor: inMinutes(90), productIds: ['nope'] });
    expect(bad.statusCode).toBe(400);
    const foreignPhoto = await schedule(seller.cookie, { scheduledFor: inMinutes(90), thumbnailUrl: 'https://evil.example/x.png' });
    expect(foreignPhoto.statusCode).toBe(400);
  });

  it('lets only a seller schedule, and only when signed in', async () => {
    expect((await schedule(shopper.cookie, { scheduledFor: inMinutes(60) })).statusCode).toBe(403);
    expect((await send('POST', '/api/streams', undefined, { title: 'x', scheduledFor: inMinutes(60) })).statusCode).toBe(401);
    expect((await send('GET', '/api/streams/upcoming')).statusCode).toBe(401);
  });
});

describe('starting and cancelling', () => {
  it('only the owner starts it; it goes live once; the one-live-show rule holds', async () => {
    const first = (await schedule(seller.cookie, { scheduledFor: inMinutes(30) })).json();
    const second = (await schedule(seller.cookie, { scheduledFor: inMinutes(45) })).json();
    expect((await send('PATCH', `/api/streams/${first.id}`, shopper.cookie, { isLive: true })).statusCode).toBe(403);
    expect((await send('PATCH', `/api/streams/${first.id}`, rival.cookie, { isLive: true })).statusCode).toBe(403);
    expect((await send('PATCH', `/api/streams/${first.id}`, undefined, { isLive: true })).statusCode).toBe(401);

    const started = await send('PATCH', `/api/streams/${first.id}`, seller.cookie, { isLive: true });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ isLive: true, endedAt: null });
    expect(Date.now() - Date.parse(started.json().startedAt)).toBeLessThan(60_000);
    expect((await send('GET', '/api/streams/live')).json().map((s: { id: string }) => s.id)).toContain(first.id);
    const upcoming = UpcomingStreamList.parse((await send('GET', '/api/streams/upcoming', shopper.cookie)).json());
    expect(upcoming.map((s) => s.id)).not.toContain(first.id);

    const clash = await send('PATCH', `/api/streams/${second.id}`, seller.cookie, { isLive: true });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/already have a live stream/);
    const [stillScheduled] = await t.database.db.select().from(streams).where(eq(streams.id, second.id));
    expect(stillScheduled).toMatchObject({ isLive: false, startedAt: null });

    // A live show cannot be cancelled; it is ended. An ended one never goes live again.
    expect((await send('DELETE', `/api/streams/${first.id}`, seller.cookie)).statusCode).toBe(409);
    expect((await send('PATCH', `/api/streams/${first.id}`, seller.cookie, { isLive: false })).json()).toMatchObject({ isLive: false });
    const again = await send('PATCH', `/api/streams/${first.id}`, seller.cookie, { isLive: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This stream has ended' });
    await send('DELETE', `/api/streams/${second.id}`, seller.cookie);
  });

  it('ending a show that never started is refused (cancel it instead)', async () => {
    const planned = (await schedule(seller.cookie, { scheduledFor: inMinutes(50) })).json();
    const res = await send('PATCH', `/api/streams/${planned.id}`, seller.cookie, { isLive: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This show has not started yet' });
    await send('DELETE', `/api/streams/${planned.id}`, seller.cookie);
  });

  it('only the owner cancels; the show and its products go', async () => {
    const product = await makeProduct(t.database.db, seller.sellerId);
    const planned = (await schedule(seller.cookie, { scheduledFor: inMinutes(200), productIds: [product.id] })).json();
    expect((await send('DELETE', `/api/streams/${planned.id}`, shopper.cookie)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/streams/${planned.id}`, rival.cookie)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/streams/${planned.id}`)).statusCode).toBe(401);
    const res = await send('DELETE', `/api/streams/${planned.id}`, seller.cookie);
    expect(res.statusCode).toBe(204);
    expect((await send('GET', `/api/streams/${planned.id}`, shopper.cookie)).statusCode).toBe(404);
    expect(await t.database.db.select().from(streamPlannedProducts).where(eq(streamPlannedProducts.streamId, planned.id))).toEqual([]);
    expect((await send('DELETE', `/api/streams/${planned.id}`, seller.cookie)).statusCode).toBe(404);
  });
});

describe('the upcoming list', () => {
  it('is soonest first, one store with sellerId, and leaves out past and live shows', async () => {
    const later = (await schedule(rival.cookie, { scheduledFor: inMinutes(600) })).json();
    const sooner = (await schedule(seller.cookie, { scheduledFor: inMinutes(20) })).json();
    const all = UpcomingStreamList.parse((await send('GET', '/api/streams/upcoming', shopper.cookie)).json());
    const ids = all.map((s) => s.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    const times = all.map((s) => Date.parse(s.scheduledFor));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const mine = UpcomingStreamList.parse((await send('GET', `/api/streams/upcoming?sellerId=${rival.sellerId}`, shopper.cookie)).json());
    expect(mine.map((s) => s.id)).toEqual([later.id]);
    expect((await send('GET', '/api/streams/upcoming?sellerId=zzz', shopper.cookie)).statusCode).toBe(400);
    // A show long overdue (its seller never started it) drops off the list.
    await t.database.db.update(streams).set({ scheduledFor: new Date(Date.now() - 13 * 3600_000) }).where(eq(streams.id, later.id));
    const after = UpcomingStreamList.parse((await send('GET', '/api/streams/upcoming', shopper.cookie)).json());
    expect(after.map((s) => s.id)).not.toContain(later.id);
    await send('DELETE', `/api/streams/${later.id}`, rival.cookie);
    await send('DELETE', `/api/streams/${sooner.id}`, seller.cookie);
  });
});

describe("a store's list of shows", () => {
  it('leaves out shows not started, and marks ended ones with their replay and its views', async () => {
    const store = await makeSeller(t.app, t.database.db, 'Kavya');
    const planned = (await schedule(store.cookie, { scheduledFor: inMinutes(90) })).json();
    const old = new Date(Date.now() - 3600_000);
    const [recorded, plain] = await t.database.db
      .insert(streams)
      .values([
        { sellerId: store.sellerId, title: 'Recorded', isLive: false, startedAt: old, endedAt: new Date() },
        { sellerId: store.sellerId, title: 'Not recorded', isLive: false, startedAt: old, endedAt: new Date() },
      ])
      .returning();
    await t.database.db.insert(streamRecordings).values({ streamId: recorded!.id, externalUrl: 'https://media.example/r.webm', endedAt: new Date() });
    await t.database.db.insert(streamReplayViews).values([{ streamId: recorded!.id, userId: shopper.id }]);
    const list = LiveStreamList.parse((await send('GET', `/api/streams/seller/${store.sellerId}`, shopper.cookie)).json());
    expect(list.map((s) => s.id)).not.toContain(planned.id);
    const byId = new Map(list.map((s) => [s.id, s]));
    expect(byId.get(recorded!.id)).toMatchObject({ hasReplay: true, replayViews: 1 });
    expect(byId.get(plain!.id)).toMatchObject({ hasReplay: false, replayViews: 0 });
  });
});
