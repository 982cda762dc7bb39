import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Replay } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeProduct, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { call, saveAddress } from '../../testing/commerce.js';
import { chatMessages, streamFeaturedEvents, streamRecordings, streams } from '../streams/tables.js';
import { replayStreamIds, replayViewCounts } from './repository.js';
import { createReplaysService } from './service.js';

// Issue 13, items 5 and 6: the replay of an ended show — what it answers, who may delete it, the video
// over range requests, views counted once, buying from it, and retention.
const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-replays-'));
let t: TestApp;
let seller: TestSeller;
let viewer: TestUser;
let other: TestUser;
const silentLog = { warn() {}, error() {} };
beforeAll(async () => {
  t = await buildTestApp({ RECORDINGS_DIR: dir, OTP_SEND_LIMIT_PER_IP: '1000' });
  seller = await makeSeller(t.app, t.database.db);
  viewer = await makeUser(t.app, 'Rahul');
  other = await makeUser(t.app, 'Sneha');
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: TestUser | null, payload?: object) => call(t.app, method, url, who, payload);
const VIDEO = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));

/** A show that ran and ended, its camera recorded from `recordingStart` into a file (unless told not to). */
async function endedShow(options: { file?: boolean } = {}) {
  const streamId = await goLive(t.app, seller);
  const [stream] = await t.database.db.select().from(streams).where(eq(streams.id, streamId));
  const recordingStart = new Date(stream!.startedAt!.getTime() + 2000);
  if (options.file !== false) {
    const fileName = `${streamId}-test.webm`;
    writeFileSync(path.join(dir, fileName), VIDEO);
    await t.database.db.insert(streamRecordings).values({ streamId, fileName, startedAt: recordingStart, endedAt: new Date(), durationSeconds: 60, bytes: VIDEO.length });
  }
  expect((await req('PATCH', `/api/streams/${streamId}`, seller, { isLive: false })).statusCode).toBe(200);
  return { streamId, recordingStart };
}

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

describe('GET /api/streams/{id}/replay', () => {
  it('answers 404 with a message while the show is live, when it has no recording, and for no such show; 401 signed out', async () => {
    const live = await goLive(t.app, await makeSeller(t.app, t.database.db, 'Meera'));
    await t.database.db.insert(streamRecordings).values({ streamId: live, fileName: `${live}.webm` });
    const liveRes = await req('GET', `/api/streams/${live}/replay`, viewer);
    expect([liveRes.statusCode, liveRes.json()]).toEqual([404, { message: 'This show has no replay' }]);
    const { streamId: unrecorded } = await endedShow({ file: false });
    expect((await req('GET', `/api/streams/${unrecorded}/replay`, viewer)).json()).toEqual({ message: 'This show has no replay' });
    const missing = await req('GET', `/api/streams/${randomUUID()}/replay`, viewer);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Stream not found' }]);
    expect((await req('GET', `/api/streams/${unrecorded}/replay`, null)).statusCode).toBe(401);
  });

  it('gives the video, its duration, each featured product at its moment and the chat, oldest first', async () => {
    const db = t.database.db;
    const [necklace, earrings, hidden] = await Promise.all([
      makeProduct(db, seller.sellerId, { name: 'Necklace' }),
      makeProduct(db, seller.sellerId, { name: 'Earrings' }),
      makeProduct(db, seller.sellerId, { name: 'Hidden', isActive: false }),
    ]);
    const { streamId, recordingStart } = await endedShow();
    await db.insert(streamFeaturedEvents).values([
      // Before the camera connected: only the last of these counts, at 0.
      { streamId, productId: earrings.id, at: at(recordingStart, -1500) },
      { streamId, productId: necklace.id, at: at(recordingStart, -500) },
      { streamId, productId: earrings.id, at: at(recordingStart, 12_500) },
      { streamId, productId: null, at: at(recordingStart, 20_000) }, // cleared
      { streamId, productId: hidden.id, at: at(recordingStart, 25_000) }, // taken off sale since
      { streamId, productId: necklace.id, at: at(recordingStart, 90_000) }, // after the video: at its end
    ]);
    await db.insert(chatMessages).values([
      { streamId, userId: viewer.id, message: 'Hello!', createdAt: at(recordingStart, 5000) },
      { streamId, userId: other.id, message: 'held', held: true, createdAt: at(recordingStart, 6000) },
      { streamId, userId: other.id, message: 'deleted', deletedAt: new Date(), createdAt: at(recordingStart, 7000) },
      { streamId, userId: other.id, message: 'Price?', createdAt: at(recordingStart, 8250) },
    ]);

    const res = await req('GET', `/api/streams/${streamId}/replay`, viewer);
    expect(res.statusCode).toBe(200);
    const replay = Replay.parse(res.json());
    expect(replay).toMatchObject({ videoUrl: `/api/streams/${streamId}/replay/video`, durationSeconds: 60, startedAt: recordingStart.toISOString() });
    expect(replay.featured.map((f) => [f.atSeconds, f.product.name])).toEqual([
      [0, 'Necklace'],
      [12.5, 'Earrings'],
      [60, 'Necklace'],
    ]);
    expect(replay.chat.map((c) => [c.atSeconds, c.message.message, c.message.displayName])).toEqual([
      [5, 'Hello!', 'Rahul'],
      [8.25, 'Price?', 'Sneha'],
    ]);
  });

  it('lasts as long as its file, to the millisecond, from the first frame the SFU wrote to the last', async () => {
    const db = t.database.db;
    const replays = createReplaysService({ db, dir, log: silentLog });
    const bangles = await makeProduct(db, seller.sellerId, { name: 'Bangles' });
    const streamId = await goLive(t.app, seller);
    const firstFrame = new Date(Date.now() - 20_000);
    const fileName = `${streamId}-exact.webm`;
    writeFileSync(path.join(dir, fileName), VIDEO);
    await replays.recorded({ type: 'started', streamId, fileName, startedAt: firstFrame });
    await replays.recorded({ type: 'finished', streamId, fileName, startedAt: firstFrame, endedAt: at(firstFrame, 9437), durationSeconds: 9.437, bytes: VIDEO.length });
    await db.insert(streamFeaturedEvents).values({ streamId, productId: bangles.id, at: at(firstFrame, 4200) });
    expect((await req('PATCH', `/api/streams/${streamId}`, seller, { isLive: false })).statusCode).toBe(200);

    const replay = Replay.parse((await req('GET', `/api/streams/${streamId}/replay`, viewer)).json());
    expect(replay).toMatchObject({ durationSeconds: 9.437, startedAt: firstFrame.toISOString() });
    expect(replay.featured.map((f) => [f.atSeconds, f.product.name])).toEqual([[4.2, 'Bangles']]);
    // A row whose end is not its file's last frame keeps the whole seconds.
    await db.update(streamRecordings).set({ endedAt: at(firstFrame, 300_000) }).where(eq(streamRecordings.streamId, streamId));
    expect((await req('GET', `/api/streams/${streamId}/replay`, viewer)).json()).toMatchObject({ durationSeconds: 9 });
  });

  it('counts each signed-in person once as a replay view, not the seller; the store list knows the replay', async () => {
    const { streamId } = await endedShow();
    for (const who of [viewer, viewer, other, seller]) expect((await req('GET', `/api/streams/${streamId}/replay`, who)).statusCode).toBe(200);
    const { streamId: unrecorded } = await endedShow({ file: false });
    expect(await replayViewCounts(t.database.db, [streamId, unrecorded])).toEqual(new Map([[streamId, 2]]));
    expect(await replayStreamIds(t.database.db, [streamId, unrecorded])).toEqual(new Set([streamId]));
  });
});

describe('the replay video', () => {
  let url: string;
  beforeAll(async () => {
    url = `/api/streams/${(await endedShow()).streamId}/replay/video`;
  });
  const get = (headers: Record<string, string> = {}, who: TestUser | null = viewer) =>
    t.app.inject({ method: 'GET', url, headers: { ...(who ? { cookie: who.cookie } : {}), ...headers } });

  it('sends the whole file as video/webm, saying it takes ranges', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'video/webm', 'accept-ranges': 'bytes', 'content-length': '10000' });
    expect(res.rawPayload.equals(VIDEO)).toBe(true);
  });

  it('answers a range with 206 and exactly those bytes: first-last, open-ended and suffix', async () => {
    for (const [range, start, end] of [
      ['bytes=100-199', 100, 199],
      ['bytes=9990-', 9990, 9999],
      ['bytes=-500', 9500, 9999],
      ['bytes=9000-20000', 9000, 9999],
    ] as const) {
      const res = await get({ range });
      expect(res.statusCode).toBe(206);
      expect(res.headers).toMatchObject({ 'content-range': `bytes ${start}-${end}/10000`, 'content-length': String(end - start + 1), 'content-type': 'video/webm' });
      expect(res.rawPayload.equals(VIDEO.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers HEAD as it would GET, without the body: the whole length, or 206 with the range', async () => {
    const head = (headers: Record<string, string> = {}) => t.app.inject({ method: 'HEAD', url, headers: { cookie: viewer.cookie, ...headers } });
    const whole = await head();
    expect([whole.statusCode, whole.headers['content-length'], whole.rawPayload.length]).toEqual([200, '10000', 0]);
    const part = await head({ range: 'bytes=100-199' });
    expect([part.statusCode, part.headers['content-range'], part.headers['content-length'], part.rawPayload.length]).toEqual([206, 'bytes 100-199/10000', '100', 0]);
    expect((await head({ range: 'bytes=10000-' })).statusCode).toBe(416);
  });

  it('answers 416 for a range past the end, and the whole file for ranges it does not serve', async () => {
    const past = await get({ range: 'bytes=10000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */10000');
    expect((await get({ range: 'bytes=-0' })).statusCode).toBe(416);
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=5-1']) expect((await get({ range })).statusCode).toBe(200);
    // If-Range naming another version of the file: the whole (current) file.
    expect((await get({ range: 'bytes=0-1', 'if-range': '"old"' })).statusCode).toBe(200);
    const etag = String((await get()).headers.etag);
    expect((await get({ range: 'bytes=0-1', 'if-range': etag })).statusCode).toBe(206);
  });

  it('is for signed-in people, and only while there is a replay', async () => {
    expect((await get({}, null)).statusCode).toBe(401);
    const live = await goLive(t.app, await makeSeller(t.app, t.database.db, 'Kavya'));
    expect((await req('GET', `/api/streams/${live}/replay/video`, viewer)).statusCode).toBe(404);
  });
});

describe('DELETE /api/streams/{id}/replay', () => {
  it('lets only the seller delete the replay; its file goes and it is gone for everyone', async () => {
    const { streamId } = await endedShow();
    const file = path.join(dir, `${streamId}-test.webm`);
    const refused = await req('DELETE', `/api/streams/${streamId}/replay`, viewer);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'Only the seller of this show can delete its replay' }]);
    expect(existsSync(file)).toBe(true);
    expect((await req('DELETE', `/api/streams/${streamId}/replay`, seller)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
    expect((await req('GET', `/api/streams/${streamId}/replay`, viewer)).statusCode).toBe(404);
    expect((await req('GET', `/api/streams/${streamId}/replay/video`, viewer)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/streams/${streamId}/replay`, seller)).statusCode).toBe(404);
    expect(await replayStreamIds(t.database.db, [streamId])).toEqual(new Set());
  });

  it('answers 404 to the seller of a show without a replay, 403 to anyone else', async () => {
    const { streamId } = await endedShow({ file: false });
    expect((await req('DELETE', `/api/streams/${streamId}/replay`, seller)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/streams/${streamId}/replay`, other)).statusCode).toBe(403);
  });
});

describe('recordings reported by the SFU', () => {
  it('keeps one file per show: the one it continued, or the longer of two', async () => {
    const replays = createReplaysService({ db: t.database.db, dir, log: silentLog });
    const streamId = await goLive(t.app, seller);
    const file = (name: string) => {
      writeFileSync(path.join(dir, name), VIDEO);
      return name;
    };
    const done = (fileName: string, durationSeconds: number) =>
      replays.recorded({ type: 'finished', streamId, fileName, startedAt: new Date(), endedAt: new Date(), durationSeconds, bytes: 10_000 });
    const row = async () => (await t.database.db.select().from(streamRecordings).where(eq(streamRecordings.streamId, streamId)))[0];

    await replays.recorded({ type: 'started', streamId, fileName: file('a.webm'), startedAt: new Date() });
    expect(await row()).toMatchObject({ fileName: 'a.webm', durationSeconds: null });
    await done('a.webm', 10.4);
    expect(await row()).toMatchObject({ fileName: 'a.webm', durationSeconds: 10, bytes: 10_000 });
    await replays.recorded({ type: 'started', streamId, fileName: file('b.webm'), startedAt: new Date() });
    await done('b.webm', 4);
    expect([(await row())!.fileName, existsSync(path.join(dir, 'b.webm'))]).toEqual(['a.webm', false]);
    await done(file('c.webm'), 20);
    expect([(await row())!.fileName, existsSync(path.join(dir, 'a.webm'))]).toEqual(['c.webm', false]);
    await req('PATCH', `/api/streams/${streamId}`, seller, { isLive: false });
  });
});

describe('buying from a replay', () => {
  it('records the replay as the order\'s source; a show without one is refused; live stays live', async () => {
    const product = await makeProduct(t.database.db, seller.sellerId, { stockQuantity: 10 });
    const addressId = await saveAddress(t.app, viewer);
    const order = (streamId: string | undefined, source?: 'live' | 'replay') =>
      req('POST', '/api/orders', viewer, { items: [{ productId: product.id, quantity: 1 }], paymentMethod: 'cod', idempotencyKey: randomUUID(), addressId, streamId, source });

    const { streamId } = await endedShow();
    const fromReplay = await order(streamId, 'replay');
    expect(fromReplay.statusCode).toBe(201);
    expect(fromReplay.json().order).toMatchObject({ streamId, source: 'replay' });

    const { streamId: unrecorded } = await endedShow({ file: false });
    const refused = await order(unrecorded, 'replay');
    expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'This show has no replay to buy from' }]);
    expect((await order(undefined, 'replay')).statusCode).toBe(400);

    const live = await goLive(t.app, seller);
    expect((await order(live)).json().order).toMatchObject({ streamId: live, source: 'live' });
    expect((await order(undefined)).json().order).toMatchObject({ streamId: null, source: null });
    await req('PATCH', `/api/streams/${live}`, seller, { isLive: false });
  });
});

describe('retention', () => {
  it('deletes recordings older than the retention, each once even with two instances sweeping', async () => {
    const now = new Date();
    const sweeper = () => createReplaysService({ db: t.database.db, dir, log: silentLog, now: () => now });
    const { streamId: old } = await endedShow();
    const { streamId: recent } = await endedShow();
    await t.database.db.update(streamRecordings).set({ endedAt: new Date(now.getTime() - 91 * 86_400_000) }).where(eq(streamRecordings.streamId, old));
    await t.database.db.update(streamRecordings).set({ endedAt: new Date(now.getTime() - 10 * 86_400_000) }).where(eq(streamRecordings.streamId, recent));

    const swept = (await Promise.all([sweeper().sweepExpired(90), sweeper().sweepExpired(90)])).flat();
    expect(swept.filter((id) => id === old)).toEqual([old]);
    expect(swept).not.toContain(recent);
    expect(existsSync(path.join(dir, `${old}-test.webm`))).toBe(false);
    expect(existsSync(path.join(dir, `${recent}-test.webm`))).toBe(true);
    expect((await req('GET', `/api/streams/${old}/replay`, viewer)).statusCode).toBe(404);
    expect((await req('GET', `/api/streams/${recent}/replay`, viewer)).statusCode).toBe(200);
  });
});
