import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieHeader, signIn, type TestApp } from '../testing/test-app.js';
import { goLive, makeSeller, makeUser, nextPhone, type TestSeller, type TestUser } from '../testing/fixtures.js';
import { TestSocket, wsUrl } from '../testing/ws-client.js';
import { user } from '../modules/auth/tables.js';
import { notify } from '../modules/notifications/index.js';
import { t, translateMessage } from './index.js';

// Issue 10: text the server makes is in the reader's language — API messages, the sign-in and test
// payment pages, notifications (old ones too) — and the account keeps the language.
let app: TestApp;
let shopper: TestUser;
let seller: TestSeller;
beforeAll(async () => {
  app = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
  shopper = await makeUser(app.app, 'Rahul');
  seller = await makeSeller(app.app, app.database.db, 'Priya');
});
afterAll(() => app.close());

const SCRIPT = { hi: /\p{Script=Devanagari}/u, ta: /\p{Script=Tamil}/u, bn: /\p{Script=Bengali}/u } as const;
const inLanguage = (cookie: string, language: string) => `${cookie}; language=${language}`;

describe('API messages', () => {
  it('answers a refusal in the language of the cookie, with its parameters, and in English without one', async () => {
    const url = `/api/sellers/${seller.sellerId}/follow`;
    const english = await app.app.inject({ method: 'POST', url, headers: { cookie: seller.cookie } });
    expect(english.json()).toEqual({ message: 'You cannot follow your own store' });
    const hindi = await app.app.inject({ method: 'POST', url, headers: { cookie: inLanguage(seller.cookie, 'hi') } });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().message).toBe(translateMessage('hi', 'You cannot follow your own store'));
    expect(hindi.json().message).toMatch(SCRIPT.hi);
  });

  it('translates validation messages and their issues', async () => {
    const res = await app.app.inject({ method: 'POST', url: '/api/streams', headers: { cookie: inLanguage(seller.cookie, 'ta') }, payload: { title: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(t('ta', 'validation.Please enter a stream title'));
    expect(res.json().message).toMatch(SCRIPT.ta);
    expect(res.json().issues[0].message).toBe(res.json().message);
  });

  it('follows Accept-Language when there is no cookie, and keeps Unauthorized in English (SPEC 8)', async () => {
    const res = await app.app.inject({ method: 'POST', url: '/api/login/start', headers: { 'accept-language': 'bn-IN,bn;q=0.9,en;q=0.5' }, payload: { method: 'phone', phoneNumber: '123' } });
    expect(res.json().message).toBe(t('bn', 'validation.Enter a valid 10-digit Indian mobile number'));
    expect(res.json().message).toMatch(SCRIPT.bn);
    const signedOut = await app.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: 'language=hi' } });
    expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
  });

  it('puts translated words into a message: order statuses', () => {
    const message = translateMessage('hi', 'A {{from}} order cannot be marked {{to}}', { from: t('hi', 'order_status.confirmed'), to: t('hi', 'order_status.delivered') });
    expect(message).toContain(t('hi', 'order_status.confirmed'));
    expect(message).not.toMatch(/confirmed|delivered|\{\{/);
  });

  it('answers WebSocket refusals in the language the page had when it connected', async () => {
    const streamId = await goLive(app.app, await makeSeller(app.app, app.database.db, 'Anjali'));
    const socket = await TestSocket.connect(await wsUrl(app.app), { cookie: inLanguage(shopper.cookie, 'ta'), origin: app.config.publicOrigin });
    try {
      socket.send({ type: 'chat_message', streamId, message: 'vanakkam' });
      expect(await socket.nextOf('error')).toEqual({ type: 'error', message: translateMessage('ta', 'Join the stream before chatting') });
    } finally {
      socket.close();
    }
  });
});

describe('pages outside the app', () => {
  it('serves the sign-in page in the language asked for, with the picker set to it', async () => {
    const page = await app.app.inject({ method: 'GET', url: '/api/login?lang=ta' });
    expect(page.body).toContain('<html lang="ta">');
    expect(page.body).toContain('<option value="ta" lang="ta" selected>');
    expect(page.body).toContain(`<h1>${t('ta', 'login.heading')}</h1>`);
    expect(t('ta', 'login.heading')).toMatch(SCRIPT.ta);
    // The Development box too.
    expect(page.body).toContain(t('ta', 'login.dev_title'));
  });

  it('decides by the cookie, then by Accept-Language on a first visit', async () => {
    const byCookie = await app.app.inject({ method: 'GET', url: '/api/login', headers: { cookie: 'language=bn', 'accept-language': 'hi' } });
    expect(byCookie.body).toContain('<html lang="bn">');
    const firstVisit = await app.app.inject({ method: 'GET', url: '/api/login', headers: { 'accept-language': 'ml-IN, en;q=0.5' } });
    expect(firstVisit.body).toContain('<html lang="ml">');
    const unknown = await app.app.inject({ method: 'GET', url: '/api/login', headers: { 'accept-language': 'fr-FR' } });
    expect(unknown.body).toContain('<html lang="en">');
    expect(unknown.body).toContain('Mobile number');
  });

  it('shows the test payment page in the shopper language', async () => {
    const pack = await app.app.inject({
      method: 'POST',
      url: '/api/coins/purchases',
      headers: { cookie: shopper.cookie },
      payload: { packId: 'coins-100', paymentMethod: 'upi', idempotencyKey: `coins-${Date.now()}` },
    });
    expect(pack.statusCode, pack.body).toBeLessThan(300);
    const paymentId = (pack.json() as { payment: { paymentId: string } }).payment.paymentId;
    const page = await app.app.inject({ method: 'GET', url: `/api/payments/simulated/${paymentId}`, headers: { cookie: inLanguage(shopper.cookie, 'hi') } });
    expect(page.body).toContain('<html lang="hi">');
    expect(page.body).toContain(t('hi', 'payment.approve'));
    expect(t('hi', 'payment.approve')).toMatch(SCRIPT.hi);
  });
});

describe('notifications', () => {
  it('reads each notification in the language the reader uses now, the same row in any language', async () => {
    const reader = await makeUser(app.app, 'Kavya');
    await notify(app.database.db, { userId: reader.id, type: 'order_update', kind: 'order_shipped', params: { ref: '#AB12CD34', store: 'Priya Jewels' }, link: '/orders' });
    const read = async (language: string) =>
      (await app.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: inLanguage(reader.cookie, language) } })).json()[0] as { title: string; message: string };
    const english = await read('en');
    expect(english).toMatchObject({ title: 'Order shipped', message: 'Your order #AB12CD34 from Priya Jewels is on its way.' });
    const tamil = await read('ta');
    expect(tamil.title).toMatch(SCRIPT.ta);
    expect(tamil.message).toContain('#AB12CD34');
    expect(tamil.message).toContain('Priya Jewels');
    expect((await read('hi')).title).toMatch(SCRIPT.hi);
  });

  it('translates a catalog word given as a parameter: the verified badge level', async () => {
    const reader = await makeUser(app.app, 'Meena');
    await notify(app.database.db, { userId: reader.id, type: 'system', kind: 'verification_approved', params: { store: 'Meena Arts', level: { key: 'verification_levels.gold' } } });
    const [note] = (await app.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: inLanguage(reader.cookie, 'hi') } })).json();
    expect(note.message).toContain(t('hi', 'verification_levels.gold'));
    expect(note.message).not.toContain('Gold');
  });
});

describe('the account language', () => {
  it('is null until chosen, is saved with PATCH /api/auth/profile, and refuses a language we do not have', async () => {
    const someone = await makeUser(app.app, 'Arjun');
    const me = () => app.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: someone.cookie } });
    expect((await me()).json().language).toBeNull();
    const saved = await app.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie: someone.cookie }, payload: { language: 'kn' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ language: 'kn', firstName: 'Arjun' });
    expect((await me()).json().language).toBe('kn');
    const bad = await app.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie: someone.cookie }, payload: { language: 'fr' } });
    expect(bad.statusCode).toBe(400);
    expect((await me()).json().language).toBe('kn');
    const empty = await app.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie: someone.cookie }, payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('starts a new account with the sign-in page language; a page language chosen on the device becomes the account\'s', async () => {
    const phone = nextPhone();
    const start = async () => (await app.app.inject({ method: 'POST', url: '/api/login/start', payload: { method: 'phone', phoneNumber: phone } })).json().devCode as string;
    // Without the language cookie the page was in the browser's language: no choice was made here.
    const verify = async (language: string, cookie?: string) =>
      app.app.inject({ method: 'POST', url: '/api/login/verify', headers: cookie ? { cookie } : {}, payload: { method: 'phone', phoneNumber: phone, code: await start(), language } });
    const first = await verify('ta');
    expect(first.statusCode).toBe(200);
    const languageOf = async () => (await app.database.db.select({ language: user.language }).from(user).where(eq(user.phoneNumber, `+91${phone}`)))[0]?.language;
    expect(await languageOf()).toBe('ta');
    // A new phone in Hindi by default keeps the account's Tamil...
    const again = await verify('hi');
    expect((await app.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: cookieHeader(again) } })).json().language).toBe('ta');
    // ...but Bengali picked on the sign-in page before signing in is the person's choice now.
    const chosen = await verify('bn', 'language=bn');
    expect(chosen.statusCode).toBe(200);
    expect(await languageOf()).toBe('bn');
  });

  it('keeps a profile save from touching the language, and a language save from touching the name', async () => {
    const cookie = await signIn(app.app, nextPhone(), 'Divya');
    await app.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie }, payload: { language: 'pa' } });
    const named = await app.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie }, payload: { firstName: 'Divya', lastName: 'Rao' } });
    expect(named.json()).toMatchObject({ firstName: 'Divya', lastName: 'Rao', language: 'pa' });
    const again = await app.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie }, payload: { language: 'gu' } });
    expect(again.json()).toMatchObject({ firstName: 'Divya', lastName: 'Rao', language: 'gu' });
  });
});
