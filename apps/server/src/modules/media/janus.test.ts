import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JanusMedia, type MediaSession } from '@live-market/media';
import { hostAddress, parseWebm, startTestPublisher, startTestViewer } from '@live-market/media/testing';
// @ts-expect-error: a plain .mjs script, shared with `npm run janus`
import { janusBinary, startJanusNodes } from '../../../../../scripts/janus-nodes.mjs';
import { startH264Camera } from '../../../../../packages/media/src/janus/h264-camera.js';
import { mediaFor } from '../../app-options.js';
import { loadConfig, readEnv } from '../../config/env.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { streamRecordings } from '../streams/tables.js';

// The same WHIP/WHEP routes with MEDIA_MODE=janus: two real Janus nodes, werift peers on this machine's
// address (Janus leaves loopback out). Janus 1.1 offers to viewers, so WHEP is an empty POST that
// returns Janus's offer, then a PATCH with the viewer's answer.
const installed = Boolean(janusBinary());
const address = installed ? hostAddress() : '127.0.0.1';

// CI installs janus, so there a missing one fails; a developer without it is told so.
// eslint-disable-next-line no-restricted-properties
describe.skipIf(!installed && !process.env.CI)('WHIP and WHEP on Janus', () => {
  let nodes: { urls: string[]; adminUrls: string[]; adminSecret: string; stop(): Promise<void> };
  let media: JanusMedia;
  let t: TestApp;
  let seller: TestSeller;
  let viewer: TestUser;
  let streamId: string;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lm-janus-replays-'));

  beforeAll(async () => {
    expect(installed, 'janus is installed (apt-get install janus)').toBe(true);
    // Its own ports: the server suite runs twice (PGlite, then PostgreSQL), never at once.
    nodes = await startJanusNodes({ count: 2, firstPort: 18388, firstRtpPort: 38000 });
    media = new JanusMedia({ urls: nodes.urls, recordingsDir: dir });
    t = await buildTestApp({ MEDIA_MODE: 'janus', JANUS_URL: nodes.urls.join(','), RECORDINGS_DIR: dir }, media);
    seller = await makeSeller(t.app, t.database.db);
    viewer = await makeUser(t.app, 'Rahul');
    streamId = await goLive(t.app, seller);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await media?.close();
    await nodes?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const publishing = (cookie: string) => ({
    async publish(id: string, offerSdp: string): Promise<MediaSession> {
      const res = await t.app.inject({ method: 'POST', url: `/api/streams/${id}/whip`, headers: { cookie, 'content-type': 'application/sdp' }, payload: offerSdp });
      expect(res.statusCode).toBe(201);
      return { sessionId: String(res.headers.location).split('/').pop()!, answerSdp: res.body };
    },
  });

  /** Janus's offer by an empty POST, the viewer's answer by PATCH, as the browser does it. */
  const watching = (cookie: string) => ({
    play: () => Promise.reject(new Error('Janus makes the offer')),
    async offerPlay(id: string): Promise<MediaSession> {
      const res = await t.app.inject({ method: 'POST', url: `/api/streams/${id}/whep`, headers: { cookie, 'content-type': 'application/sdp' }, payload: '' });
      expect([res.statusCode, res.headers['content-type']]).toEqual([201, 'application/sdp']);
      expect(res.headers.etag).toMatch(/^"/);
      expect(res.body).toMatch(/^v=0/);
      const location = String(res.headers.location);
      expect(location).toMatch(new RegExp(`^/api/streams/${id}/whep/`));
      return { sessionId: location.split('/').pop()!, answerSdp: res.body };
    },
    async answerPlay(sessionId: string, answerSdp: string) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}/whep/${sessionId}`, headers: { cookie, 'content-type': 'application/sdp' }, payload: answerSdp });
      expect(res.statusCode).toBe(204);
    },
  });

  it('tells the browser the media is ours, with Janus making the offer', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/media`, headers: { cookie: viewer.cookie } });
    expect(res.json()).toEqual({ mode: 'janus', whipUrl: `/api/streams/${streamId}/whip`, whepUrl: `/api/streams/${streamId}/whep`, iceServers: [] });
  });

  it("a client's offer to play is refused with what to do instead", async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/streams/${streamId}/whep`, headers: { cookie: viewer.cookie, 'content-type': 'application/sdp' }, payload: 'v=0\r\n' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'This video server sends the offer: POST an empty body, then PATCH the answer']);
  });

  it("plays the seller's camera to a viewer; audio only stops the video; only the viewer answers or ends the session", async () => {
    const publisher = await startTestPublisher(publishing(seller.cookie), streamId, { audio: true, address });
    const watcher = await startTestViewer(watching(viewer.cookie), streamId, { address });
    try {
      await watcher.waitForVideo(15_000);
      expect(watcher.record.firstVideoIsKeyframeStart).toBe(true);
      const url = `/api/streams/${streamId}/whep/${watcher.session.sessionId}`;
      const patch = (cookie: string, type: string, payload: string) => t.app.inject({ method: 'PATCH', url, headers: { cookie, 'content-type': type }, payload });
      expect((await patch(seller.cookie, 'application/sdp', 'v=0\r\n')).statusCode).toBe(403);
      expect((await patch(viewer.cookie, 'application/trickle-ice-sdpfrag', 'a=end-of-candidates')).statusCode).toBe(405);
      expect((await patch(viewer.cookie, 'application/sdp', 'not sdp')).statusCode).toBe(400);

      expect((await patch(viewer.cookie, 'application/json', JSON.stringify({ video: false }))).statusCode).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const frozen = watcher.record.video.packets;
      const audio = watcher.record.audio.packets;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(watcher.record.video.packets).toBe(frozen);
      expect(watcher.record.audio.packets).toBeGreaterThan(audio + 20);
      expect((await patch(viewer.cookie, 'application/json', JSON.stringify({ video: true }))).statusCode).toBe(204);
      await expect.poll(() => watcher.record.video.packets, { timeout: 5000 }).toBeGreaterThan(frozen);

      expect((await t.app.inject({ method: 'DELETE', url: url.replace('/whep/', '/whip/'), headers: { cookie: viewer.cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: seller.cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: viewer.cookie } })).statusCode).toBe(204);
      expect(media.stats().viewers).toBe(0);
    } finally {
      await watcher.close();
      await publisher.close();
    }
  }, 60_000);

  it('records a show on Janus, and its replay plays back', async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Kavya');
    const show = await goLive(t.app, owner, 'Brass lamps, recorded on Janus');
    const publisher = await startTestPublisher(publishing(owner.cookie), show, { audio: true, address });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await t.app.inject({ method: 'PATCH', url: `/api/streams/${show}`, headers: { cookie: owner.cookie }, payload: { isLive: false } })).statusCode).toBe(200);
    await publisher.close();
    const recorded = async () => (await t.database.db.select().from(streamRecordings).where(eq(streamRecordings.streamId, show)))[0];
    await expect.poll(async () => (await recorded())?.durationSeconds ?? null, { timeout: 10_000 }).not.toBeNull();
    const replay = await t.app.inject({ method: 'GET', url: `/api/streams/${show}/replay`, headers: { cookie: viewer.cookie } });
    expect(replay.statusCode).toBe(200);
    expect(Math.abs(replay.json().durationSeconds - 3)).toBeLessThanOrEqual(1);
    const video = await t.app.inject({ method: 'GET', url: replay.json().videoUrl as string, headers: { cookie: viewer.cookie } });
    expect(parseWebm(video.rawPayload).tracks.map((track) => track.codecId)).toEqual(['V_VP8', 'A_OPUS']);
  }, 30_000);

  it("an H.264 camera with a stream key (OBS) is recorded with its video, and its replay serves it", async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Meera');
    const show = await goLive(t.app, owner, 'Copper pots, from OBS');
    const made = await t.app.inject({ method: 'POST', url: '/api/seller/stream-key', headers: { cookie: owner.cookie } });
    const key = made.json().key as string;
    const obs = {
      async publish(_id: string, offerSdp: string): Promise<MediaSession> {
        const res = await t.app.inject({ method: 'POST', url: '/api/whip', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/sdp' }, payload: offerSdp });
        expect(res.statusCode).toBe(201);
        return { sessionId: String(res.headers.location).split('/').pop()!, answerSdp: res.body };
      },
    };
    const camera = await startH264Camera(obs, show, address);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await t.app.inject({ method: 'PATCH', url: `/api/streams/${show}`, headers: { cookie: owner.cookie }, payload: { isLive: false } })).statusCode).toBe(200);
    await camera.close();
    const recorded = async () => (await t.database.db.select().from(streamRecordings).where(eq(streamRecordings.streamId, show)))[0];
    await expect.poll(async () => (await recorded())?.durationSeconds ?? null, { timeout: 10_000 }).not.toBeNull();
    const replay = await t.app.inject({ method: 'GET', url: `/api/streams/${show}/replay`, headers: { cookie: viewer.cookie } });
    const video = await t.app.inject({ method: 'GET', url: replay.json().videoUrl as string, headers: { cookie: viewer.cookie } });
    const file = parseWebm(video.rawPayload);
    expect(file.tracks[0]).toMatchObject({ codecId: 'V_MPEG4/ISO/AVC', width: 640, height: 360 });
    expect(file.blocks.filter((b) => b.track === file.tracks[0]!.number && b.keyframe).length).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it("with JANUS_ADMIN_URL another instance reads this one's viewers from the nodes", async () => {
    const config = loadConfig({ ...readEnv(), MEDIA_MODE: 'janus', JANUS_URL: nodes.urls.join(','), JANUS_ADMIN_URL: nodes.adminUrls.join(','), JANUS_ADMIN_SECRET: nodes.adminSecret });
    const other = await mediaFor(config, t.app.log);
    const publisher = await startTestPublisher(publishing(seller.cookie), streamId, { address });
    const watcher = await startTestViewer(watching(viewer.cookie), streamId, { address });
    try {
      await watcher.waitForVideo(15_000);
      const stats = await other!.nodeStats!();
      expect(stats.map((s) => s.node)).toEqual(nodes.urls.map((u) => new URL(u).host));
      expect(stats.reduce((n, s) => n + s.viewers, 0)).toBe(1);
      expect(stats.reduce((n, s) => n + s.publishers, 0)).toBe(1);
      expect(stats.every((s) => s.up && s.packetLossRatio >= 0 && s.packetLossRatio < 0.05)).toBe(true);
    } finally {
      await watcher.close();
      await publisher.close();
      await other?.close();
    }
  }, 30_000);

  it('ending the show closes its media on Janus and refuses new viewers', async () => {
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}`, headers: { cookie: seller.cookie }, payload: { isLive: false } });
    expect(media.hasPublisher(streamId)).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: `/api/streams/${streamId}/whep`, headers: { cookie: viewer.cookie, 'content-type': 'application/sdp' }, payload: '' });
    expect(res.statusCode).toBe(409);
  });
});
