import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, type MediaServer, type MediaSession } from '@live-market/media';
import { startTestPublisher, startTestViewer } from '@live-market/media/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { verifyMediaToken } from './external-token.js';

// The WHIP/WHEP routes with the real embedded SFU (one worker), driven by werift peers over loopback.
let t: TestApp;
let media: MediaServer;
let seller: TestSeller;
let viewer: TestUser;
let streamId: string;
beforeAll(async () => {
  media = await createMediaServer({ workers: 1, announcedAddress: '127.0.0.1' });
  t = await buildTestApp({}, media);
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
