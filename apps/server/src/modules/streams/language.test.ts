import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveStream, LiveStreamList, UpcomingStreamList } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { makeSeller, makeUser, type TestSeller, type TestUser } from '../../testing/fixtures.js';
import { user } from '../auth/tables.js';

// Issue 29: a show is presented in one of the ten languages, the seller's own unless they choose another.

let t: TestApp;
let tamilSeller: TestSeller;
let plainSeller: TestSeller;
let shopper: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  tamilSeller = await makeSeller(t.app, t.database.db, 'Kavya');
  plainSeller = await makeSeller(t.app, t.database.db, 'Arjun');
  shopper = await makeUser(t.app, 'Rahul');
  await t.database.db.update(user).set({ language: 'ta' }).where(eq(user.id, tamilSeller.id));
  // plainSeller never chose a language: their shows are in English unless they say otherwise.
  await t.database.db.update(user).set({ language: null }).where(eq(user.id, plainSeller.id));
});
afterAll(() => t.close());

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const create = async (seller: TestSeller, body: object) => {
  const res = await send('POST', '/api/streams', seller.cookie, { title: 'Saree drop', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return LiveStream.parse(res.json());
};
const upcomingIds = async (query = '') => UpcomingStreamList.parse((await send('GET', `/api/streams/upcoming${query}`, shopper.cookie)).json()).map((s) => s.id);

describe('a show’s language', () => {
  it('is the seller’s own when not chosen, else English, and the chosen one when given', async () => {
    const own = await create(tamilSeller, { scheduledFor: inMinutes(60) });
    expect(own.language).toBe('ta');
    const none = await create(plainSeller, { scheduledFor: inMinutes(90) });
    expect(none.language).toBe('en');
    const chosen = await create(tamilSeller, { scheduledFor: inMinutes(120), language: 'hi' });
    expect(chosen.language).toBe('hi');
    for (const id of [own.id, none.id, chosen.id]) await send('DELETE', `/api/streams/${id}`, id === none.id ? plainSeller.cookie : tamilSeller.cookie);
  });

  it('goes live in the chosen language and the live list says so', async () => {
    const live = await create(plainSeller, { language: 'bn' });
    expect(live).toMatchObject({ isLive: true, language: 'bn' });
    const list = LiveStreamList.parse((await t.app.inject({ url: '/api/streams/live' })).json());
    expect(list.find((s) => s.id === live.id)?.language).toBe('bn');
    await send('PATCH', `/api/streams/${live.id}`, plainSeller.cookie, { isLive: false });
  });

  it('refuses a language outside the ten, in the reader’s language', async () => {
    const english = await send('POST', '/api/streams', tamilSeller.cookie, { title: 'Saree drop', language: 'fr' });
    expect(english.statusCode).toBe(400);
    expect(english.json().message).toMatch(/Choose one of the ten languages/);
    const tamil = await t.app.inject({ method: 'POST', url: '/api/streams', headers: { cookie: `${tamilSeller.cookie}; language=ta` }, payload: { title: 'Saree drop', language: 'fr' } });
    expect(tamil.statusCode).toBe(400);
    expect(tamil.json().message).toContain('பத்து மொழிகளில் ஒன்றைத் தேர்ந்தெடுக்கவும்');
  });

  it('filters the upcoming list by ?language=, and refuses an unknown one', async () => {
    const tamil = await create(tamilSeller, { scheduledFor: inMinutes(200) });
    const english = await create(plainSeller, { scheduledFor: inMinutes(210) });
    const inTamil = await upcomingIds('?language=ta');
    expect(inTamil).toContain(tamil.id);
    expect(inTamil).not.toContain(english.id);
    expect(await upcomingIds('?language=en')).toEqual(expect.arrayContaining([english.id]));
    expect(await upcomingIds('?language=en')).not.toContain(tamil.id);
    expect(await upcomingIds()).toEqual(expect.arrayContaining([tamil.id, english.id]));
    // With sellerId too (a store's dashboard).
    expect(await upcomingIds(`?language=ta&sellerId=${plainSeller.sellerId}`)).toEqual([]);
    const bad = await send('GET', '/api/streams/upcoming?language=xx', shopper.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose one of the ten languages/);
  });
});
