import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, type MediaServer, type MediaSession } from '@live-market/media';
import { parseWebm, startTestPublisher } from '@live-market/media/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { streamRecordings, streams } from '../streams/tables.js';

// Issue 13, item 4: every show is recorded unless its seller switched recording off — through WHIP
// into the real SFU, then watched back as a replay; with an external media server, its URL.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not in time');
    await sleep(50);
  }
}

describe('recording with the embedded SFU', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-recorded-'));
  let t: TestApp;
  let media: MediaServer;
  let seller: TestSeller;
  let viewer: TestUser;
  beforeAll(async () => {
    media = await createMediaServer({ workers: 1, announcedAddress: '127.0.0.1', recordingsDir: dir });
    t = await buildTestApp({ RECORDINGS_DIR: dir, SELLER_RECONNECT_GRACE_SECONDS: '30' }, media);
    seller = await makeSeller(t.app, t.database.db);
    viewer = await makeUser(t.app, 'Rahul');
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await media.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const whip = {
    publish: async (id: string, offerSdp: string): Promise<MediaSession> => {
      const res = await t.app.inject({ method: 'POST', url: `/api/streams/${id}/whip`, headers: { cookie: seller.cookie, 'content-type': 'application/sdp' }, payload: offerSdp });
      if (res.statusCode !== 201) throw new Error(`${res.statusCode}: ${res.body}`);
      return { sessionId: String(res.headers.location).split('/').pop()!, answerSdp: res.body };
    },
  };
  const recording = async (streamId: string) => (await t.database.db.select().from(streamRecordings).where(eq(streamRecordings.streamId, streamId)))[0];

  it('records the show and plays it back: the replay\'s duration, the video with ranges', async () => {
    const streamId = await goLive(t.app, seller);
    const publisher = await startTestPublisher(whip, streamId, { audio: true });
    await sleep(3000);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}`, headers: { cookie: seller.cookie }, payload: { isLive: false } })).statusCode).toBe(200);
    await publisher.close();
    const row = await until(async () => {
      const r = await recording(streamId);
      return r?.durationSeconds != null ? r : undefined;
    });
    expect(row.fileName).toMatch(/\.webm$/);
    expect(row.bytes).toBeGreaterThan(10_000);

    const replay = await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/replay`, headers: { cookie: viewer.cookie } });
    expect(replay.statusCode).toBe(200);
    expect(Math.abs(replay.json().durationSeconds - 3)).toBeLessThanOrEqual(1);
    const video = replay.json().videoUrl as string;
    const head = await t.app.inject({ method: 'GET', url: video, headers: { cookie: viewer.cookie, range: 'bytes=0-3' } });
    expect([head.statusCode, head.rawPayload.toString('hex')]).toEqual([206, '1a45dfa3']);
    const whole = await t.app.inject({ method: 'GET', url: video, headers: { cookie: viewer.cookie } });
    expect(whole.rawPayload.equals(readFileSync(path.join(dir, row.fileName!)))).toBe(true);
    expect(parseWebm(whole.rawPayload).tracks.map((track) => track.codecId)).toEqual(['V_VP8', 'A_OPUS']);
  }, 30_000);

  it('records nothing when the seller switched recording off', async () => {
    const streamId = await goLive(t.app, seller);
    await t.database.db.update(streams).set({ recordingEnabled: false }).where(eq(streams.id, streamId));
    const before = readdirSync(dir).length;
    const publisher = await startTestPublisher(whip, streamId, { audio: true });
    await sleep(1000);
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}`, headers: { cookie: seller.cookie }, payload: { isLive: false } });
    await publisher.close();
    expect(await recording(streamId)).toBeUndefined();
    expect(readdirSync(dir)).toHaveLength(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/replay`, headers: { cookie: viewer.cookie } })).statusCode).toBe(404);
  }, 30_000);
});

describe('recording with an external media server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      MEDIA_MODE: 'external',
      MEDIA_WHIP_URL: 'https://media.example/whip/{streamId}',
      MEDIA_WHEP_URL: 'https://media.example/whep/{streamId}',
      MEDIA_RECORDING_URL: 'https://media.example/recordings/{streamId}.webm',
    });
  });
  afterAll(() => t.close());

  it('keeps the server\'s recording URL once the seller is handed the publish URL, and the replay plays it', async () => {
    const seller = await makeSeller(t.app, t.database.db);
    const viewer = await makeUser(t.app, 'Rahul');
    const streamId = await goLive(t.app, seller);
    await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/media`, headers: { cookie: viewer.cookie } });
    expect(await t.database.db.select().from(streamRecordings).where(eq(streamRecordings.streamId, streamId))).toEqual([]);
    await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/media`, headers: { cookie: seller.cookie } });
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}`, headers: { cookie: seller.cookie }, payload: { isLive: false } });
    const replay = await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/replay`, headers: { cookie: viewer.cookie } });
    expect(replay.json().videoUrl).toBe(`https://media.example/recordings/${streamId}.webm`);
  });
});
