import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, PushPayload } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { eventually, startPushService, TestBrowser, type PushService } from '../../testing/push-service.js';
import { translateMessage } from '../../i18n/index.js';
import { user } from '../auth/tables.js';
import { pushSubscriptions } from './tables.js';

let t: TestApp;
let pushService: PushService;
let rahul: TestUser;
let sneha: TestUser;
beforeAll(async () => {
  pushService = await startPushService();
  // The test push service, and the real ones: endpoints that merely mention them must still be refused.
  const hosts = '127.0.0.1,fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com';
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000', PUSH_SERVICE_HOSTS: hosts }, null, { pushAgent: pushService.agent });
  rahul = await makeUser(t.app, 'Rahul');
  sneha = await makeUser(t.app, 'Sneha');
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, who?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
const subscribe = (who: TestUser, body: object) => call('POST', '/api/push/subscriptions', who, body);
const unsubscribe = (who: TestUser, endpoint: string) => call('DELETE', '/api/push/subscriptions', who, { endpoint });
const rowsOf = (userId: string) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const endpoint = (name: string) => `${pushService.origin}/push/${name}`;

describe('GET /api/push/public-key', () => {
  it("answers the server's VAPID public key to anyone", async () => {
    const res = await call('GET', '/api/push/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: t.config.vapid!.publicKey });
    expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);
  });

  it('answers 404 with a message when push is not set up (production without keys)', async () => {
    const off = await buildTestApp({ NODE_ENV: 'production', ALLOW_DEV_SETTINGS_IN_PRODUCTION: 'true', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' });
    try {
      expect(off.config.vapid).toBeNull();
      const res = await off.app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Web Push is not set up on this server' });
    } finally {
      await off.close();
    }
  });
});

describe('POST /api/push/subscriptions', () => {
  it('needs a signed-in user and a valid https subscription', async () => {
    const browser = new TestBrowser();
    expect((await call('POST', '/api/push/subscriptions', undefined, browser.subscription(endpoint('a')))).statusCode).toBe(401);
    for (const bad of [
      browser.subscription('http://push.example.com/abc'),
      browser.subscription('not a url'),
      { endpoint: endpoint('a') },
      { endpoint: endpoint('a'), keys: { p256dh: '', auth: 'x' } },
    ]) {
      const res = await subscribe(rahul, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await rowsOf(rahul.id)).toEqual([]);
  });

  it('takes endpoints of the push services only (PUSH_SERVICE_HOSTS), so the server posts nowhere else', async () => {
    const browser = new TestBrowser();
    for (const elsewhere of ['https://169.254.169.254/latest/meta-data', 'https://internal.example/push/a', 'https://127.0.0.1.evil.example/push/a']) {
      const res = await subscribe(rahul, browser.subscription(elsewhere));
      expect(res.statusCode, elsewhere).toBe(400);
      expect(res.json()).toEqual({ message: 'This push service is not supported' });
    }
    expect(await rowsOf(rahul.id)).toEqual([]);
  });

  it('refuses endpoints whose host a URL parser could read differently (issue 25)', async () => {
    const browser = new TestBrowser();
    for (const tricky of [
      // Host 127.0.0.1 to Node's url.parse (which web-push sends with), a push service to WHATWG URL.
      'https://127.0.0.1;.fcm.googleapis.com/x',
      "https://localhost'.push.apple.com/x",
      'https://127.0.0.1{.notify.windows.com/x',
      'https://someone@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://[::1]/x',
      'https://fcm.googleapis.com./x',
    ]) {
      const res = await subscribe(rahul, browser.subscription(tricky));
      expect(res.statusCode, tricky).toBe(400);
      expect(res.json().message).toBe('Invalid push endpoint');
    }
    expect(await rowsOf(rahul.id)).toEqual([]);
  });

  it('stores the endpoint re-serialised, and unsubscribes it however it is spelled', async () => {
    const spelled = 'HTTPS://FCM.GoogleAPIs.com:443/fcm/send/a b';
    const stored = 'https://fcm.googleapis.com/fcm/send/a%20b';
    expect((await subscribe(sneha, new TestBrowser().subscription(spelled))).statusCode).toBe(204);
    expect((await rowsOf(sneha.id)).map((r) => r.endpoint)).toEqual([stored]);
    expect((await unsubscribe(sneha, spelled)).statusCode).toBe(204);
    expect(await rowsOf(sneha.id)).toEqual([]);
  });

  it('refuses control characters in the endpoint and keys with 400, like any other text', async () => {
    const browser = new TestBrowser();
    const good = browser.subscription(endpoint('nul'));
    for (const bad of [
      { ...good, endpoint: `${good.endpoint}\u0000` },
      { ...good, endpoint: `\u0001${good.endpoint}` },
      { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}\u0000` } },
      { ...good, keys: { ...good.keys, auth: `\u0000${good.keys.auth}` } },
    ]) {
      const res = await subscribe(rahul, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    for (const bad of [`${good.endpoint}\u0000`, `\u0001${good.endpoint}`]) {
      const res = await unsubscribe(rahul, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    expect(await rowsOf(rahul.id)).toEqual([]);
  });

  it('refuses keys a push could not be encrypted with', async () => {
    const { endpoint: at, keys } = new TestBrowser().subscription(endpoint('keys'));
    const point = Buffer.from(keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64]! ^= 1;
    for (const bad of [
      { p256dh: 'not base64url!', auth: keys.auth },
      { p256dh: point.subarray(0, 33).toString('base64url'), auth: keys.auth },
      { p256dh: Buffer.concat([Buffer.from([2]), point.subarray(1)]).toString('base64url'), auth: keys.auth },
      { p256dh: offCurve.toString('base64url'), auth: keys.auth },
      { p256dh: keys.p256dh, auth: Buffer.alloc(15).toString('base64url') },
      { p256dh: keys.p256dh, auth: 'a+b/c=' },
    ]) {
      const res = await subscribe(rahul, { endpoint: at, keys: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe('Invalid push subscription keys');
    }
    expect(await rowsOf(rahul.id)).toEqual([]);
  });

  it('saves a browser once, refreshing its keys when it subscribes again', async () => {
    const first = new TestBrowser().subscription(endpoint('rahul-phone'));
    expect((await subscribe(rahul, first)).statusCode).toBe(204);
    const again = new TestBrowser().subscription(endpoint('rahul-phone'));
    expect((await subscribe(rahul, again)).statusCode).toBe(204);
    const rows = await rowsOf(rahul.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: again.endpoint, p256dh: again.keys.p256dh, auth: again.keys.auth });
  });

  it('moves an endpoint to whoever subscribed it last (one browser, one owner)', async () => {
    const shared = new TestBrowser().subscription(endpoint('shared-tablet'));
    await subscribe(rahul, shared);
    await subscribe(sneha, shared);
    expect((await rowsOf(rahul.id)).map((r) => r.endpoint)).not.toContain(shared.endpoint);
    expect((await rowsOf(sneha.id)).map((r) => r.endpoint)).toEqual([shared.endpoint]);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("removes only the caller's own endpoint, answering the same either way", async () => {
    const mine = endpoint('rahul-phone');
    expect((await call('DELETE', '/api/push/subscriptions', undefined, { endpoint: mine })).statusCode).toBe(401);
    expect((await call('DELETE', '/api/push/subscriptions', sneha, { endpoint: mine })).statusCode).toBe(204);
    expect((await rowsOf(rahul.id)).map((r) => r.endpoint)).toEqual([mine]);
    expect((await call('DELETE', '/api/push/subscriptions', rahul, { endpoint: 'http://nope' })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/push/subscriptions', rahul, { endpoint: mine })).statusCode).toBe(204);
    expect(await rowsOf(rahul.id)).toEqual([]);
  });
});

describe('Web Push delivery', () => {
  let seller: TestSeller;
  beforeAll(async () => {
    seller = await makeSeller(t.app, t.database.db, 'Anjali');
  });

  it("reaches a follower's browsers in their language, and forgets a browser the push service says is gone", async () => {
    const fan = await makeUser(t.app, 'Kiran');
    await t.database.db.update(user).set({ language: 'hi' }).where(eq(user.id, fan.id));
    const phone = new TestBrowser();
    await subscribe(fan, phone.subscription(endpoint('kiran-phone')));
    await subscribe(fan, new TestBrowser().subscription(`${pushService.origin}/gone/kiran-old-laptop`));
    await call('POST', `/api/sellers/${seller.sellerId}/follow`, fan);

    const streamId = await goLive(t.app, seller, 'Saree drape, live');
    const [delivered] = await eventually(() => {
      const got = pushService.to('/push/kiran-phone');
      expect(got).toHaveLength(1);
      return got;
    });
    expect(delivered!.headers).toMatchObject({ ttl: '1800', urgency: 'high', 'content-encoding': 'aes128gcm' });
    expect(delivered!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.config.vapid!.publicKey}$`));
    const payload = PushPayload.parse(phone.decrypt(delivered!.body));
    expect(payload).toMatchObject({ link: `/stream/${streamId}`, tag: `/stream/${streamId}` });
    expect(payload.title).toMatch(/\p{Script=Devanagari}/u);
    expect(payload.title).toContain("Anjali's Store");
    expect(payload.body).toContain('Saree drape, live');

    await eventually(async () => expect((await rowsOf(fan.id)).map((r) => r.endpoint)).toEqual([endpoint('kiran-phone')]));
  });

  it('sends nothing to someone who turned push off in profile settings', async () => {
    const quiet = await makeUser(t.app, 'Meera');
    const patched = await call('PATCH', '/api/auth/profile', quiet, { pushEnabled: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ pushEnabled: false, firstName: 'Meera' });
    expect((await call('GET', '/api/auth/user', quiet)).json()).toMatchObject({ pushEnabled: false });
    await subscribe(quiet, new TestBrowser().subscription(endpoint('meera-phone')));
    const loud = await makeUser(t.app, 'Arjun');
    await subscribe(loud, new TestBrowser().subscription(endpoint('arjun-phone')));
    const other = await makeSeller(t.app, t.database.db, 'Divya');
    for (const who of [quiet, loud]) await call('POST', `/api/sellers/${other.sellerId}/follow`, who);

    await goLive(t.app, other);
    await eventually(() => expect(pushService.to('/push/arjun-phone')).toHaveLength(1));
    expect(pushService.to('/push/meera-phone')).toEqual([]);
    // The notification itself is still in the app.
    expect((await call('GET', '/api/notifications', quiet)).json()[0]).toMatchObject({ type: 'stream_start' });
  });

  it('answers refusals in the reader language', () => {
    expect(translateMessage('ta', 'Web Push is not set up on this server')).toMatch(/\p{Script=Tamil}/u);
  });
});
