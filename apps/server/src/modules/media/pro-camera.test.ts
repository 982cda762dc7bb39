import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaServer, type MediaServer, type MediaSession } from '@live-market/media';
import { startTestPublisher, startTestViewer } from '@live-market/media/testing';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';

// Issue 15: OBS and Larix publish with a stream key to /api/whip (RFC 9725), into the seller's live show
// or the next one announced; the browser's cookie endpoints follow the same rules.
let t: TestApp;
let media: MediaServer;
let seller: TestSeller;
let viewer: TestUser;
beforeAll(async () => {
  media = await createMediaServer({ workers: 1, announcedAddress: '127.0.0.1' });
  t = await buildTestApp({}, media);
  seller = await makeSeller(t.app, t.database.db, 'Lakshmi');
  viewer = await makeUser(t.app, 'Rahul');
}, 60_000);
afterAll(async () => {
  await t.close();
  await media.close();
});

const SDP = { 'content-type': 'application/sdp' };
const whip = (key: string | null, init: { method?: string; url?: string; headers?: Record<string, string>; payload?: string } = {}) =>
  t.app.inject({
    method: (init.method ?? 'POST') as 'POST',
    url: init.url ?? '/api/whip',
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...init.headers },
    ...(init.payload !== undefined ? { payload: init.payload } : {}),
  });

/** A camera app publishing with the key: the SFU's publish, through /api/whip. */
function overKey(key: string, seen: { location?: string; etag?: string }) {
  const publish = async (_id: string, offerSdp: string): Promise<MediaSession> => {
    const res = await whip(key, { headers: SDP, payload: offerSdp });
    if (res.statusCode !== 201) throw new Error(`${res.statusCode}: ${res.body}`);
    seen.location = String(res.headers.location);
    seen.etag = String(res.headers.etag);
    return { sessionId: seen.location.split('/').pop()!, answerSdp: res.body };
  };
  return { publish, play: publish };
}

function overCookie(kind: 'whip' | 'whep', cookie: string) {
  const call = async (id: string, offerSdp: string): Promise<MediaSession> => {
    const res = await t.app.inject({ method: 'POST', url: `/api/streams/${id}/${kind}`, headers: { cookie, ...SDP }, payload: offerSdp });
    if (res.statusCode !== 201) throw new Error(`${res.statusCode}: ${res.body}`);
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    return { sessionId: String(res.headers.location).split('/').pop()!, answerSdp: res.body };
  };
  return { publish: call, play: call };
}

async function newKey(cookie: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/seller/stream-key', headers: { cookie } });
  expect(res.statusCode).toBe(201);
  return res.json().key as string;
}

describe('the stream key', () => {
  it('is shown once to its seller, with the WHIP URL; later only when it was made', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/seller/stream-key', headers: { cookie: seller.cookie } });
    expect(before.json()).toEqual({ createdAt: null, whipUrl: `${t.config.publicUrl.replace(/\/$/, '')}/api/whip` });
    const made = await t.app.inject({ method: 'POST', url: '/api/seller/stream-key', headers: { cookie: seller.cookie } });
    expect(made.statusCode).toBe(201);
    expect(made.headers['cache-control']).toBe('no-store');
    expect(made.json().key).toMatch(/^lmk_[\w-]{43}$/);
    const after = (await t.app.inject({ method: 'GET', url: '/api/seller/stream-key', headers: { cookie: seller.cookie } })).json();
    expect(after.createdAt).not.toBeNull();
    expect(JSON.stringify(after)).not.toContain(made.json().key);
  });

  it('is only for sellers, signed in', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/seller/stream-key', headers: { cookie: viewer.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/seller/stream-key' })).statusCode).toBe(401);
  });

  it('stops working when rotated', async () => {
    const old = await newKey(seller.cookie);
    await newKey(seller.cookie);
    const res = await whip(old, { headers: SDP, payload: 'v=0\r\n' });
    expect(res.statusCode).toBe(401);
  });
});

describe('/api/whip', () => {
  it('refuses a wrong or missing key (401, Bearer), a body that is not SDP (415), GET and PUT (405); answers CORS preflight', async () => {
    const wrong = await whip('lmk_not-a-key', { headers: SDP, payload: 'v=0\r\n' });
    expect([wrong.statusCode, wrong.json().message, wrong.headers['www-authenticate']]).toEqual([401, 'Wrong or missing stream key', 'Bearer realm="LiveMarket WHIP"']);
    expect((await whip(null, { headers: SDP, payload: 'v=0\r\n' })).statusCode).toBe(401);
    const key = await newKey(seller.cookie);
    const json = await whip(key, { headers: { 'content-type': 'application/json' }, payload: '{"sdp":"v=0"}' });
    expect([json.statusCode, json.json().message]).toEqual([415, 'Send the offer as application/sdp']);
    for (const method of ['GET', 'PUT']) {
      const res = await whip(key, { method });
      expect([res.statusCode, res.headers.allow]).toEqual([405, 'POST, OPTIONS']);
    }
    const preflight = await whip(null, { method: 'OPTIONS', headers: { origin: 'https://studio.example', 'access-control-request-method': 'POST' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(String(preflight.headers['access-control-expose-headers'])).toContain('Location');
    expect(preflight.headers['accept-post']).toBe('application/sdp');
  });

  it('lets a browser studio on another origin publish with the key, but not ride on a cookie from there', async () => {
    const other = await makeSeller(t.app, t.database.db, 'Meenakshi');
    const key = await newKey(other.cookie);
    const studio = { ...SDP, origin: 'https://studio.example', 'sec-fetch-site': 'cross-site' };
    // Past the Origin guard to the key's own answer (this seller has no show to publish into).
    const keyed = await whip(key, { headers: studio, payload: 'v=0\r\n' });
    expect([keyed.statusCode, keyed.json().message]).toEqual([409, 'Announce your next show on the dashboard first: your camera starts it']);
    expect((await whip('lmk_not-a-key', { headers: studio, payload: 'v=0\r\n' })).statusCode).toBe(401);
    // A cookie makes it a request the browser could have sent on its own: the guard stays.
    const withCookie = await whip(key, { headers: { ...studio, cookie: other.cookie }, payload: 'v=0\r\n' });
    expect([withCookie.statusCode, withCookie.json().message]).toEqual([403, 'Forbidden: request from a foreign origin']);
    const cookieOnly = await t.app.inject({ method: 'POST', url: '/api/seller/stream-key', headers: { cookie: other.cookie, origin: 'https://studio.example' } });
    expect(cookieOnly.statusCode).toBe(403);
  });

  it('asks for a show announced first when the seller has none live or coming', async () => {
    const other = await makeSeller(t.app, t.database.db, 'Nandini');
    const key = await newKey(other.cookie);
    const res = await whip(key, { headers: SDP, payload: 'v=0\r\n' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Announce your next show on the dashboard first: your camera starts it']);
    // In the seller's language, as every refusal.
    const hindi = await whip(key, { headers: { ...SDP, cookie: 'language=hi' }, payload: 'v=0\r\n' });
    expect(hindi.json().message).toBe('पहले डैशबोर्ड पर अपना अगला शो घोषित करें: आपका कैमरा उसे शुरू करेगा');
  });

  it('starts the next announced show, which viewers then watch; DELETE with the key ends the session, PATCH is 405', async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Gauri');
    const scheduledFor = new Date(Date.now() + 3600_000).toISOString();
    const announced = await t.app.inject({ method: 'POST', url: '/api/streams', headers: { cookie: owner.cookie }, payload: { title: 'Temple jewellery at 8', scheduledFor } });
    expect(announced.statusCode).toBe(201);
    const showId = announced.json().id as string;
    const key = await newKey(owner.cookie);
    const seen: { location?: string; etag?: string } = {};
    const camera = await startTestPublisher(overKey(key, seen), showId);
    const watcher = await startTestViewer(overCookie('whep', viewer.cookie), showId);
    try {
      expect(seen.location).toMatch(/^\/api\/whip\/[\w-]+$/);
      expect(seen.etag).toMatch(/^"[\w-]+"$/);
      expect((await t.app.inject({ method: 'GET', url: `/api/streams/${showId}` , headers: { cookie: viewer.cookie } })).json().isLive).toBe(true);
      await watcher.waitForVideo(15_000);
      const patch = await whip(key, { method: 'PATCH', url: seen.location!, headers: { 'content-type': 'application/trickle-ice-sdpfrag' }, payload: 'a=end-of-candidates' });
      expect(patch.statusCode).toBe(405);
      // Another seller's key does not reach this session.
      expect((await whip(await newKey(seller.cookie), { method: 'DELETE', url: seen.location! })).statusCode).toBe(404);
      expect((await whip(key, { method: 'DELETE', url: seen.location! })).statusCode).toBe(200);
      expect((await whip(key, { method: 'DELETE', url: seen.location! })).statusCode).toBe(404);
    } finally {
      await watcher.close();
      await camera.close();
    }
  }, 60_000);

  it('replaces the phone when the seller switches to OBS mid-show: the phone session is gone', async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Ishita');
    const live = await t.app.inject({ method: 'POST', url: '/api/streams', headers: { cookie: owner.cookie }, payload: { title: 'Phone first, then OBS' } });
    const showId = live.json().id as string;
    const phone = await startTestPublisher(overCookie('whip', owner.cookie), showId);
    const obs = await startTestPublisher(overKey(await newKey(owner.cookie), {}), showId);
    try {
      const phoneAt = `/api/streams/${showId}/whip/${phone.session.sessionId}`;
      expect((await t.app.inject({ method: 'DELETE', url: phoneAt, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    } finally {
      await obs.close();
      await phone.close();
    }
  }, 60_000);
});

describe('the browser endpoints follow the same rules', () => {
  it('415 for a body that is not SDP, 405 for GET and PUT and for trickle ICE on a WHIP session', async () => {
    const owner = await makeSeller(t.app, t.database.db, 'Parvati');
    const showId = (await t.app.inject({ method: 'POST', url: '/api/streams', headers: { cookie: owner.cookie }, payload: { title: 'Rules' } })).json().id as string;
    const json = await t.app.inject({ method: 'POST', url: `/api/streams/${showId}/whep`, headers: { cookie: viewer.cookie, 'content-type': 'application/json' }, payload: '{}' });
    expect(json.statusCode).toBe(415);
    for (const kind of ['whip', 'whep']) {
      for (const method of ['GET', 'PUT'] as const) {
        const res = await t.app.inject({ method, url: `/api/streams/${showId}/${kind}`, headers: { cookie: owner.cookie } });
        expect([res.statusCode, res.headers.allow]).toEqual([405, 'POST']);
      }
    }
    const phone = await startTestPublisher(overCookie('whip', owner.cookie), showId);
    try {
      const at = `/api/streams/${showId}/whip/${phone.session.sessionId}`;
      expect((await t.app.inject({ method: 'PATCH', url: at, headers: { cookie: owner.cookie, 'content-type': 'application/trickle-ice-sdpfrag' }, payload: 'a=x' })).statusCode).toBe(405);
    } finally {
      await phone.close();
    }
  }, 60_000);
});
