import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../testing/fixtures.js';
import { products } from '../modules/products/index.js';
import { streams } from '../modules/streams/index.js';

// Hostile input across the API: it is refused with a 400 that says why, never a 500, and stores nothing.
let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
let streamId: string;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
  streamId = await goLive(t.app, seller);
});
afterAll(() => t.close());

const NUL = 'Kundan\u0000set';
const product = { name: 'Kundan set', description: 'Gold-plated', price: '2499', category: 'jewelry', countryOfOrigin: 'IN' };

describe('control characters in free text', () => {
  it.each([
    ['product name', () => ({ method: 'POST', url: '/api/products', payload: { ...product, name: NUL } })],
    ['product description', () => ({ method: 'POST', url: '/api/products', payload: { ...product, description: 'Line one\n\u0000' } })],
    ['stream title', () => ({ method: 'POST', url: '/api/streams', payload: { title: NUL } })],
    ['poll question', () => ({ method: 'POST', url: `/api/streams/${streamId}/polls`, payload: { question: NUL, options: ['a', 'b'] } })],
    ['poll option', () => ({ method: 'POST', url: `/api/streams/${streamId}/polls`, payload: { question: 'Which?', options: ['a\u0007', 'b'] } })],
    ['quiz title', () => ({ method: 'POST', url: `/api/streams/${streamId}/quizzes`, payload: { title: NUL, questions: [{ question: 'Q', options: ['a', 'b', 'c', 'd'], correctAnswer: 0 }] } })],
    ['profile first name', () => ({ method: 'PATCH', url: '/api/auth/profile', payload: { firstName: NUL } })],
    ['profile last name', () => ({ method: 'PATCH', url: '/api/auth/profile', payload: { firstName: 'Priya', lastName: 'a\u001bb' } })],
    ['half an emoji', () => ({ method: 'PATCH', url: '/api/auth/profile', payload: { firstName: 'Priya\ud83d' } })],
  ] as const)('refuses a control character in the %s', async (_field, request) => {
    const before = await t.database.db.select({ n: count() }).from(products);
    const res = await t.app.inject({ ...(request() as InjectOptions), headers: { cookie: seller.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(await t.database.db.select({ n: count() }).from(products)).toEqual(before);
  });

  it('refuses a control character in the store name and leaves no store behind', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sellers',
      headers: { cookie: shopper.cookie },
      payload: { storeName: 'Rahul\u0000Store', description: 'Handmade kurtas from Lucknow', category: 'fashion' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONTROL_CHARACTERS_MESSAGE);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: shopper.cookie } });
    expect(me.json().isSeller).toBe(false);
  });

  it('keeps line breaks where a field allows them, trims, and stores the text as typed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: seller.cookie },
      payload: { ...product, name: '  ઝુમકા — जोड़ी 😀 ', description: 'Line one\nLine two\twith a tab' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'ઝુમકા — जोड़ी 😀', description: 'Line one\nLine two\twith a tab' });
  });

  it('refuses a line break in a one-line field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/streams', headers: { cookie: seller.cookie }, payload: { title: 'Two\nlines' } });
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select({ n: count() }).from(streams)).toEqual([{ n: 1 }]);
  });
});

describe('product photos', () => {
  it.each([
    '/uploads/../api/logout',
    '/uploads/products/../../api/logout',
    '/demo/../api/logout',
    '/api/logout',
    '/uploads/products/x.webp',
    '/uploads/products/0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10/640.avif',
    '//evil.example/a.webp',
    'https://evil.example/a.webp',
  ])('accepts only a URL our upload route issued, not %s', async (imageUrl) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: { cookie: seller.cookie }, payload: { ...product, imageUrl } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Upload the photo first');
  });

  it('accepts an uploaded photo and a seeded demo image', async () => {
    for (const imageUrl of ['/uploads/products/0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10/640.webp', '/uploads/products/0b0c2a43-8a8e-4a5c-9a53-1c1d7d0f9a10-640.webp', '/demo/maang-tikka.svg']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: { cookie: seller.cookie }, payload: { ...product, imageUrl } });
      expect(res.statusCode, imageUrl).toBe(201);
    }
  });
});

describe('signed out', () => {
  it.each([
    ['POST', '/api/products', { name: '' }],
    ['POST', '/api/streams', { title: 5 }],
    ['PATCH', '/api/auth/profile', { firstName: '\u0000' }],
    ['POST', '/api/orders', 'not json'],
  ] as const)('%s %s with a bad body answers 401 before looking at the body', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });
});
