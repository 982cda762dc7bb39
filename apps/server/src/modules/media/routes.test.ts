import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, type MediaServer, type MediaSession } from '@live-market/media';
import { startTestPublisher, startTestViewer } from '@live-market/media/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { TestSocket, wsUrl } from '../../testing/ws-client.js';
import { verifyMediaToken } from './external-token.js';

// The WHIP/WHEP routes with the real embedded SFU (one worker), driven by werift peers over loopback.
let t: TestApp;
let media: MediaServer;
let seller: TestSeller;
let viewer: TestUser;
let streamId: string;
beforeAll(async () => {
  media = await createMediaServer({ workers: 1, announcedAddress: '127.0.0.1' });
  t = await buildTestApp({ SELLER_RECONNECT_GRACE_SECONDS: '30' }, media);
  seller = await makeSeller(t.app, t.database.db);
  viewer = await makeUser(t.app, 'Rahul');
  streamId = await goLive(t.app, seller);
}, 60_000);
afterAll(async () => {
  await t.close();
  await media.close();
});

/** The SFU's publish/play, but through our HTTP routes with a user's cookie. */
function overHttp(kind: 'whip' | 'whep', cookie: string) {
  const call = async (id: string, offerSdp: string): Promise<MediaSession> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/streams/${id}/${kind}`, headers: { cookie, 'content-type': 'application/sdp' }, payload: offerSdp });
    if (res.statusCode !== 201) throw Object.assign(new Error(`${res.statusCode}: ${res.body}`), { statusCode: res.statusCode });
    expect(res.headers['content-type']).toMatch(/application\/sdp/);
    const location = String(res.headers.location);
    expect(location).toMatch(new RegExp(`^/api/streams/${id}/${kind}/`));
    return { sessionId: location.split('/').pop()!, answerSdp: res.body };
  };
  return { publish: call, play: call };
}

describe('WHIP and WHEP', () => {
  it('tells the browser where to publish and play', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/streams/${streamId}/media`, headers: { cookie: viewer.cookie } });
    expect(res.json()).toEqual({ mode: 'embedded', whipUrl: `/api/streams/${streamId}/whip`, whepUrl: `/api/streams/${streamId}/whep`, iceServers: [] });
  });

  it('refuses to let anyone but the stream owner publish', async () => {
    await expect(startTestPublisher(overHttp('whip', viewer.cookie), streamId)).rejects.toMatchObject({ statusCode: 403 });
  });

  it('refuses an offer that is not SDP with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/whep`,
      headers: { cookie: viewer.cookie, 'content-type': 'application/sdp' },
      payload: 'hello',
    });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Send an SDP offer']);
  });

  it("delivers the owner's video to a viewer, starting with a keyframe; only the viewer can stop their session", async () => {
    const publisher = await startTestPublisher(overHttp('whip', seller.cookie), streamId);
    const watcher = await startTestViewer(overHttp('whep', viewer.cookie), streamId);
    try {
      await watcher.waitForVideo(15_000);
      expect(watcher.record.firstVideoIsKeyframeStart).toBe(true);
      const location = `/api/streams/${streamId}/whep/${watcher.session.sessionId}`;
      // A WHEP session is not found at the WHIP address (issue 15: it used to be deleted there).
      const asWhip = location.replace('/whep/', '/whip/');
      expect((await t.app.inject({ method: 'DELETE', url: asWhip, headers: { cookie: viewer.cookie } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: location, headers: { cookie: seller.cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'DELETE', url: location, headers: { cookie: viewer.cookie } })).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'DELETE', url: location, headers: { cookie: viewer.cookie } })).statusCode).toBe(404);
    } finally {
      await watcher.close();
      await publisher.close();
    }
  }, 60_000);

  it('ending the stream closes its media and refuses new viewers', async () => {
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${streamId}`, headers: { cookie: seller.cookie }, payload: { isLive: false } });
    expect(media.hasPublisher(streamId)).toBe(false);
    await expect(startTestViewer(overHttp('whep', viewer.cookie), streamId)).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('audio only and data saver (PATCH on the WHEP session)', () => {
  it('lets only the viewer who opened the session change it, with a body that says what', async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Kavya');
    const id = await goLive(t.app, owner, 'Silk sarees, live');
    const publisher = await startTestPublisher(overHttp('whip', owner.cookie), id);
    const watcher = await startTestViewer(overHttp('whep', viewer.cookie), id);
    try {
      await watcher.waitForVideo(15_000);
      const url = `/api/streams/${id}/whep/${watcher.session.sessionId}`;
      const patch = (cookie: string | undefined, payload: unknown) =>
        t.app.inject({ method: 'PATCH', url, headers: cookie ? { cookie } : {}, payload: payload as object });
      expect((await patch(undefined, { video: false })).statusCode).toBe(401);
      expect((await patch(owner.cookie, { video: false })).statusCode).toBe(403);
      const other = await t.app.inject({ method: 'PATCH', url: `/api/streams/${id}/whep/not-a-session`, headers: { cookie: viewer.cookie }, payload: { video: false } });
      expect([other.statusCode, other.json()]).toEqual([404, { message: 'No such media session' }]);
      const empty = await patch(viewer.cookie, {});
      expect([empty.statusCode, empty.json().message]).toEqual([400, 'Choose audio only or data saver']);
      expect((await patch(viewer.cookie, { video: 'no' })).statusCode).toBe(400);
      // Someone else's stream in the URL: the session is not theirs to find.
      expect((await t.app.inject({ method: 'PATCH', url: url.replace(id, streamId), headers: { cookie: viewer.cookie }, payload: { video: false } })).statusCode).toBe(404);

      expect((await patch(viewer.cookie, { video: false })).statusCode).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const frozen = watcher.record.video.packets;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(watcher.record.video.packets).toBe(frozen);
      expect((await patch(viewer.cookie, { video: true, dataSaver: true })).statusCode).toBe(204);
      const deadline = Date.now() + 2000;
      while (watcher.record.video.packets === frozen && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(watcher.record.video.packets).toBeGreaterThan(frozen);
    } finally {
      await watcher.close();
      await publisher.close();
    }
  }, 60_000);
});

describe('a viewer who leaves without DELETE', () => {
  it('is forgotten once its peer goes away: the session is not kept for the life of the server', async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Farah');
    const id = await goLive(t.app, owner, 'Block prints, live');
    const publisher = await startTestPublisher(overHttp('whip', owner.cookie), id);
    const watcher = await startTestViewer(overHttp('whep', viewer.cookie), id);
    try {
      await watcher.waitForVideo(15_000);
      const location = `/api/streams/${id}/whep/${watcher.session.sessionId}`;
      await watcher.close(); // the tab closed: no DELETE
      // The SFU knows it is gone when it no longer takes settings for it.
      const sfuHasIt = () => media.setViewerDelivery(watcher.session.sessionId, { video: true, dataSaver: false }).then(() => true, () => false);
      await expect.poll(sfuHasIt, { timeout: 40_000, interval: 200 }).toBe(false);
      // The SFU let it go, and so did the routes: its owner asking to stop it finds nothing to stop.
      expect((await t.app.inject({ method: 'DELETE', url: location, headers: { cookie: viewer.cookie } })).statusCode).toBe(404);
    } finally {
      await publisher.close();
    }
  }, 60_000);
});

describe('seller reconnecting', () => {
  it('tells the room within 5 s that the camera went quiet, and when it is back; the grace period then runs', async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Anjali');
    const id = await goLive(t.app, owner, 'Brass lamps, live');
    const url = await wsUrl(t.app);
    const socket = await TestSocket.connect(url, { cookie: viewer.cookie, origin: t.config.publicOrigin });
    const sockets = [socket];
    const first = await startTestPublisher(overHttp('whip', owner.cookie), id);
    try {
      socket.send({ type: 'join_stream', streamId: id });
      await socket.nextOf('viewer_count_update');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const droppedAt = Date.now();
      await first.close(); // no DELETE: the phone lost its network
      expect(await socket.nextOf('seller_connection', 6000)).toEqual({ type: 'seller_connection', streamId: id, status: 'reconnecting' });
      expect(Date.now() - droppedAt).toBeLessThan(5000);

      // A viewer who opens the show meanwhile hears it on joining.
      const late = await TestSocket.connect(url, { cookie: (await makeUser(t.app, 'Sunil')).cookie, origin: t.config.publicOrigin });
      sockets.push(late);
      late.send({ type: 'join_stream', streamId: id });
      expect(await late.nextOf('seller_connection')).toMatchObject({ status: 'reconnecting' });

      // Within the grace period (30 s here) the show stays on; past it, it ends.
      expect(await t.streams.endAbandoned(Date.now() + 20_000)).not.toContain(id);
      const second = await startTestPublisher(overHttp('whip', owner.cookie), id);
      expect(await socket.nextOf('seller_connection')).toEqual({ type: 'seller_connection', streamId: id, status: 'live' });
      await second.close();
      expect(await socket.nextOf('seller_connection', 6000)).toMatchObject({ status: 'reconnecting' });
      expect(await t.streams.endAbandoned(Date.now() + 31_000)).toContain(id);
      expect(await socket.nextOf('stream_ended')).toMatchObject({ type: 'stream_ended', streamId: id });
    } finally {
      for (const s of sockets) s.close();
    }
  }, 60_000);
});

describe('external media tokens', () => {
  it('signs short-lived tokens that name the stream, user and role', async () => {
    const { issueMediaToken } = await import('./external-token.js');
    const token = issueMediaToken({ streamId, userId: viewer.id, role: 'play' }, 'secret', 60, 1_000_000);
    expect(verifyMediaToken(token, 'secret', 1_000_000)).toMatchObject({ streamId, userId: viewer.id, role: 'play' });
    expect(verifyMediaToken(token, 'other-secret', 1_000_000)).toBeNull();
    expect(verifyMediaToken(token, 'secret', 1_000_000 + 61_000)).toBeNull();
    expect(verifyMediaToken(`${token}x`, 'secret', 1_000_000)).toBeNull();
  });
});
