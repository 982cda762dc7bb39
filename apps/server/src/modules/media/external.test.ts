import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaEndpoints } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { verifyMediaToken } from './external-token.js';

// MEDIA_MODE=external: the browser publishes (WHIP) and plays (WHEP) on another server. This server only
// says where, with a short-lived token signed with MEDIA_TOKEN that names the stream, the user and the role.
const WHIP = 'https://media.example.com/whip/{streamId}';
const WHEP = 'https://media.example.com/whep/{streamId}/play';
const SECRET = 'external-media-test-secret';

let t: TestApp;
let seller: TestSeller;
let viewer: TestUser;
let streamId: string;

beforeAll(async () => {
  t = await buildTestApp({ MEDIA_MODE: 'external', MEDIA_WHIP_URL: WHIP, MEDIA_WHEP_URL: WHEP, MEDIA_TOKEN: SECRET });
  seller = await makeSeller(t.app, t.database.db);
  viewer = await makeUser(t.app, 'Rahul');
  streamId = await goLive(t.app, seller);
});
afterAll(async () => {
  await t?.close();
});

function getMedia(id: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url: `/api/streams/${id}/media`, headers: cookie ? { cookie } : {} });
}

describe('GET /api/streams/{id}/media with MEDIA_MODE=external', () => {
  it('is configured as external and has no media server of its own', () => {
    expect(t.config.media).toEqual({ mode: 'external', whipUrl: WHIP, whepUrl: WHEP, token: SECRET, janusUrls: [], janusViewersPerNode: 500, janusRecordingHost: '127.0.0.1', janusAdmin: null });
  });

  it('gives the owner the external WHIP and WHEP URLs for this stream and a publish token', async () => {
    const res = await getMedia(streamId, seller.cookie);
    expect(res.statusCode).toBe(200);
    const body = MediaEndpoints.parse(res.json());
    expect(body).toEqual({
      mode: 'external',
      whipUrl: `https://media.example.com/whip/${streamId}`,
      whepUrl: `https://media.example.com/whep/${streamId}/play`,
      token: expect.any(String),
      iceServers: [],
    });
    const claims = verifyMediaToken(body.token!, SECRET);
    expect(claims).toMatchObject({ streamId, userId: seller.id, role: 'publish' });
    // Short-lived: five minutes from now, give or take the test's own run time.
    expect(claims!.exp * 1000 - Date.now()).toBeGreaterThan(290_000);
    expect(claims!.exp * 1000 - Date.now()).toBeLessThanOrEqual(300_000);
  });

  it('gives a viewer the same URLs but only a play token', async () => {
    const res = await getMedia(streamId, viewer.cookie);
    expect(res.statusCode).toBe(200);
    const body = MediaEndpoints.parse(res.json());
    expect(body.mode).toBe('external');
    expect(body.whepUrl).toBe(`https://media.example.com/whep/${streamId}/play`);
    expect(body.whipUrl).toBe(`https://media.example.com/whip/${streamId}`);
    const claims = verifyMediaToken(body.token!, SECRET);
    expect(claims).toMatchObject({ streamId, userId: viewer.id, role: 'play' });
    expect(claims!.role).not.toBe('publish');
  });

  it('does not give another seller a publish token for a stream that is not theirs', async () => {
    const other = await makeSeller(t.app, t.database.db, 'Meera');
    const res = await getMedia(streamId, other.cookie);
    expect(res.statusCode).toBe(200);
    expect(verifyMediaToken(res.json().token, SECRET)).toMatchObject({ streamId, userId: other.id, role: 'play' });
  });

  it("signs each token for its own stream: a token for one stream names only that stream", async () => {
    const second = await makeSeller(t.app, t.database.db, 'Kavya');
    const secondStream = await goLive(t.app, second, 'Handloom sarees, live');
    const mine = verifyMediaToken((await getMedia(secondStream, second.cookie)).json().token, SECRET);
    expect(mine).toMatchObject({ streamId: secondStream, userId: second.id, role: 'publish' });
    // The first stream's owner is only a viewer of the second stream.
    const theirs = verifyMediaToken((await getMedia(secondStream, seller.cookie)).json().token, SECRET);
    expect(theirs).toMatchObject({ streamId: secondStream, userId: seller.id, role: 'play' });
  });

  it('gives the owner of an ended show only a play token', async () => {
    const kavya = await makeSeller(t.app, t.database.db, 'Kavya');
    const ended = await goLive(t.app, kavya);
    await t.app.inject({ method: 'PATCH', url: `/api/streams/${ended}`, headers: { cookie: kavya.cookie }, payload: { isLive: false } });
    const body = MediaEndpoints.parse((await getMedia(ended, kavya.cookie)).json());
    expect(verifyMediaToken(body.token!, SECRET)).toMatchObject({ streamId: ended, userId: kavya.id, role: 'play' });
  });

  it('answers 404 for a stream that does not exist', async () => {
    const res = await getMedia(randomUUID(), viewer.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Stream not found' });
  });

  it('answers 400 for an id that cannot be a stream', async () => {
    expect((await getMedia('not-a-stream', viewer.cookie)).statusCode).toBe(400);
  });

  it('answers 401 without a session and hands out no token', async () => {
    const res = await getMedia(streamId);
    expect(res.statusCode).toBe(401);
    expect(res.json().token).toBeUndefined();
  });

  it("refuses a non-owner's WHIP offer on this server with 403, and has no SFU for the owner's (409)", async () => {
    const offer = { 'content-type': 'application/sdp' };
    const byViewer = await t.app.inject({ method: 'POST', url: `/api/streams/${streamId}/whip`, headers: { ...offer, cookie: viewer.cookie }, payload: 'v=0\r\n' });
    expect(byViewer.statusCode).toBe(403);
    const byOwner = await t.app.inject({ method: 'POST', url: `/api/streams/${streamId}/whip`, headers: { ...offer, cookie: seller.cookie }, payload: 'v=0\r\n' });
    expect(byOwner.statusCode).toBe(409);
    expect(byOwner.json()).toEqual({ message: 'Live video is not available on this server' });
  });
});

describe('MEDIA_MODE=external without MEDIA_TOKEN', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp({ MEDIA_MODE: 'external', MEDIA_WHIP_URL: WHIP, MEDIA_WHEP_URL: WHEP, MEDIA_TOKEN: '' });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('still gives the external URLs, with no token', async () => {
    const owner = await makeSeller(plain.app, plain.database.db);
    const id = await goLive(plain.app, owner);
    const res = await plain.app.inject({ method: 'GET', url: `/api/streams/${id}/media`, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'external', whipUrl: `https://media.example.com/whip/${id}`, whepUrl: `https://media.example.com/whep/${id}/play`, iceServers: [] });
  });
});

describe('MEDIA_MODE=external configuration', () => {
  it('refuses to start without both URLs', async () => {
    await expect(buildTestApp({ MEDIA_MODE: 'external', MEDIA_WHIP_URL: WHIP })).rejects.toThrow(/MEDIA_WHIP_URL and MEDIA_WHEP_URL/);
  });
});

describe('POST /api/media/external-auth (MediaMTX authHTTPAddress)', () => {
  // MediaMTX's request: the browser's bearer token, the action and the path it asks for.
  const ask = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/media/external-auth', payload: { ip: '10.0.0.7', user: '', password: '', protocol: 'webrtc', id: 'x', ...body } });

  it('lets the owner publish and a viewer read the stream their token names, and nothing else', async () => {
    const publish = MediaEndpoints.parse((await getMedia(streamId, seller.cookie)).json()).token!;
    const play = MediaEndpoints.parse((await getMedia(streamId, viewer.cookie)).json()).token!;
    expect((await ask({ action: 'publish', path: streamId, token: publish })).statusCode).toBe(200);
    expect((await ask({ action: 'read', path: streamId, token: play })).statusCode).toBe(200);
    // A client that cannot set a header sends ?token=.
    expect((await ask({ action: 'read', path: streamId, query: `token=${encodeURIComponent(play)}` })).statusCode).toBe(200);
    // A viewer's token does not publish; a token for one stream opens no other; no token, a forged one: 401.
    expect((await ask({ action: 'publish', path: streamId, token: play })).statusCode).toBe(401);
    expect((await ask({ action: 'read', path: randomUUID(), token: play })).statusCode).toBe(401);
    expect((await ask({ action: 'read', path: streamId })).statusCode).toBe(401);
    const forged = await ask({ action: 'read', path: streamId, token: `${play.split('.')[0]}.not-the-signature` });
    expect([forged.statusCode, forged.json().message]).toEqual([401, 'Wrong or missing media token']);
    // Its API, metrics and playback are not ours to open.
    expect((await ask({ action: 'api', path: '', token: publish })).statusCode).toBe(401);
  });
});
