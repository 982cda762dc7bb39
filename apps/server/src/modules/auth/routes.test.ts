import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieHeader, signIn, type TestApp } from '../../testing/test-app.js';
import { verification } from './tables.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_DESTINATION: '3', OTP_SEND_LIMIT_PER_IP: '50' });
});
afterAll(() => t.close());

const start = (body: object) => t.app.inject({ method: 'POST', url: '/api/login/start', payload: body });
const verify = (body: object) => t.app.inject({ method: 'POST', url: '/api/login/verify', payload: body });

describe('sign-in by phone OTP', () => {
  it('sends a code, logs it on one line and shows it for development', async () => {
    const res = await start({ method: 'phone', phoneNumber: '98111 22334' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.destination).toBe('+91 98111 22334');
    expect(body.devCode).toMatch(/^\d{6}$/);
    expect(t.otpLines).toContain(`[otp] +919811122334 ${body.devCode}`);
  });

  it('refuses a number that is not a 10-digit Indian mobile', async () => {
    for (const phoneNumber of ['12345', '5811122334', '98111223345', 'abcdefghij']) {
      const res = await start({ method: 'phone', phoneNumber });
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(res.json().message).toBe('Enter a valid 10-digit Indian mobile number');
    }
  });

  it('signs a new user in with the right code, sets an HttpOnly SameSite=Lax cookie and keeps the first name', async () => {
    const sent = (await start({ method: 'phone', phoneNumber: '9822233344' })).json();
    const res = await verify({ method: 'phone', phoneNumber: '9822233344', code: sent.devCode, firstName: 'Asha', returnTo: '/profile' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectTo: '/profile' });
    const cookie = res.cookies.find((c) => c.name.includes('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite?.toLowerCase()).toBe('lax');
    expect(cookie?.secure).toBeFalsy();

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieHeader(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ firstName: 'Asha', lastName: null, email: null, phoneNumber: '+919822233344', isSeller: false, seller: null });
  });

  // '/.//x', '/%2e//x' and '/./\\x' all normalise to '//x', which a browser reads as the host x.
  const OUTSIDE = ['https://evil.example/', '//evil.example', '/\\evil.example', '/api/logout', '/.//evil.example', '/%2e//evil.example', '/./\\evil.example', '/..//evil.example'];

  it('never redirects outside after sign-in', async () => {
    for (const [i, returnTo] of OUTSIDE.entries()) {
      const phoneNumber = `98333444${String(i).padStart(2, '0')}`;
      const sent = (await start({ method: 'phone', phoneNumber })).json();
      const res = await verify({ method: 'phone', phoneNumber, code: sent.devCode, returnTo });
      expect(res.json().redirectTo, returnTo).toBe('/');
    }
  });

  it('never sends a signed-in visitor of the sign-in page outside', async () => {
    const cookie = await signIn(t.app, '9833344499');
    for (const returnTo of OUTSIDE) {
      const res = await t.app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent(returnTo)}`, headers: { cookie } });
      expect(res.statusCode, returnTo).toBe(302);
      expect(res.headers.location, returnTo).toBe('/');
    }
    const inside = await t.app.inject({ method: 'GET', url: `/api/login?returnTo=${encodeURIComponent('/stream/abc?x=1#chat')}`, headers: { cookie } });
    expect(inside.headers.location).toBe('/stream/abc?x=1#chat');
  });

  it('refuses a wrong code and keeps the right one working', async () => {
    const sent = (await start({ method: 'phone', phoneNumber: '9844455566' })).json();
    const wrong = sent.devCode === '000000' ? '111111' : '000000';
    const res = await verify({ method: 'phone', phoneNumber: '9844455566', code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('That code is not right. Check it and try again.');
    expect(res.cookies).toHaveLength(0);
    const ok = await verify({ method: 'phone', phoneNumber: '9844455566', code: sent.devCode });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const sent = (await start({ method: 'phone', phoneNumber: '9855566677' })).json();
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, '%+919855566677%'));
    const res = await verify({ method: 'phone', phoneNumber: '9855566677', code: sent.devCode });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Request a new one.');
  });

  it('allows 5 tries per code, then answers 429 even for the right code', async () => {
    const sent = (await start({ method: 'phone', phoneNumber: '9866677788' })).json();
    const wrong = sent.devCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await verify({ method: 'phone', phoneNumber: '9866677788', code: wrong })).statusCode).toBe(400);
    }
    const res = await verify({ method: 'phone', phoneNumber: '9866677788', code: sent.devCode });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many wrong tries. Request a new code.');
  });

  it('limits codes sent to one number with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await start({ method: 'phone', phoneNumber: '9877788899' })).statusCode).toBe(200);
    const res = await start({ method: 'phone', phoneNumber: '9877788899' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many codes sent to this number\. Try again in \d+ minutes?\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sign-in limits per address', () => {
  it('limits codes requested from one IP', async () => {
    const strict = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '2' });
    try {
      const send = (phoneNumber: string) => strict.app.inject({ method: 'POST', url: '/api/login/start', payload: { method: 'phone', phoneNumber } });
      expect((await send('9700000001')).statusCode).toBe(200);
      expect((await send('9700000002')).statusCode).toBe(200);
      const res = await send('9700000003');
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Too many codes requested from this network/);
    } finally {
      await strict.close();
    }
  });
});

describe('sign-in by e-mail OTP', () => {
  it('signs in with an e-mail code and shows the e-mail', async () => {
    const sent = (await start({ method: 'email', email: 'Meera@Example.in' })).json();
    expect(sent.destination).toBe('meera@example.in');
    const res = await verify({ method: 'email', email: 'meera@example.in', code: sent.devCode });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieHeader(res) } });
    expect(me.json()).toMatchObject({ email: 'meera@example.in', firstName: null, phoneNumber: null });
  });

  it('refuses a malformed e-mail', async () => {
    const res = await start({ method: 'email', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Enter a valid e-mail address');
  });
});

describe('session', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  const NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': 'same-origin' };

  it('logout from our own page ends the session in the database: the old cookie stops working', async () => {
    const cookie = await signIn(t.app, '9888899900');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...NAVIGATION } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a typed-in /api/logout (Sec-Fetch-Site none) signs out too', async () => {
    const cookie = await signIn(t.app, '9888899902');
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...NAVIGATION, 'sec-fetch-site': 'none' } });
    expect(out.statusCode).toBe(302);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it.each([
    ['an image on our page', '9888899905', { 'sec-fetch-dest': 'image', 'sec-fetch-site': 'same-origin' }],
    ['a fetch from our page', '9888899906', { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin' }],
    ["another site's link", '9888899907', { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site' }],
    ['a request without Fetch Metadata', '9888899908', {}],
  ])('logout by %s only asks to confirm; the session lives on', async (_what, phone, headers) => {
    const cookie = await signIn(t.app, phone);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie, ...headers } });
    expect(out.statusCode).toBe(200);
    expect(out.headers['content-type']).toMatch(/text\/html/);
    expect(out.body).toContain('<form method="post" action="/api/logout">');
    expect(out.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it("the confirmation page's Sign out button posts back and ends the session; another site cannot post it", async () => {
    const cookie = await signIn(t.app, '9888899904');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const foreign = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...form, origin: 'https://evil.example' }, payload: '' });
    expect(foreign.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...form, origin: t.config.publicOrigin }, payload: '' });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a remembered session trusts only the exact signed cookie: a forged signature is refused', async () => {
    const cookie = await signIn(t.app, '9888899901');
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const forged = cookie.replace(/(lm\.session_token=[^.;]+\.)([^;]+)/, (_, head: string, sig: string) => head + [...sig].reverse().join(''));
    expect(forged).not.toBe(cookie);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: forged } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it('logout without a session still goes home', async () => {
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: NAVIGATION });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
  });

  it('serves the sign-in page, and sends a signed-in user home', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Mobile number');
    expect(page.body).toContain('Development');
    const cookie = await signIn(t.app, '9899900011');
    const again = await t.app.inject({ method: 'GET', url: '/api/login?returnTo=/orders', headers: { cookie } });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/orders');
  });

  it('exposes only session routes of better-auth under /api/identity', async () => {
    const cookie = await signIn(t.app, '9811100022');
    const session = await t.app.inject({ method: 'GET', url: '/api/identity/get-session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.phoneNumber).toBe('+919811100022');
    const bypass = await t.app.inject({ method: 'POST', url: '/api/identity/phone-number/send-otp', payload: { phoneNumber: '+919811100022' } });
    expect(bypass.statusCode).toBe(404);
  });
});

describe('behind https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await buildTestApp({ PUBLIC_URL: 'https://live.example.in' });
    try {
      const sent = (await secure.app.inject({ method: 'POST', url: '/api/login/start', payload: { method: 'phone', phoneNumber: '9611122233' } })).json();
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/login/verify',
        headers: { origin: 'https://live.example.in' },
        payload: { method: 'phone', phoneNumber: '9611122233', code: sent.devCode },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name.includes('session_token'));
      expect(cookie).toMatchObject({ secure: true, httpOnly: true });
      expect(cookie?.sameSite?.toLowerCase()).toBe('lax');
      const health = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });
});
