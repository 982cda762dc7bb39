import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCookies } from './cookies.js';

const app = Fastify();
let parsedTwiceSame = false;
beforeAll(async () => {
  registerCookies(app);
  app.get('/cookies', async (request) => {
    parsedTwiceSame = request.cookies === request.cookies;
    return request.cookies;
  });
  app.get('/none', async () => ({ ok: true }));
});
afterAll(() => app.close());

describe('request.cookies, parsed when read', () => {
  it('gives the request cookie header as an object, decoded, the same object on every read', async () => {
    const res = await app.inject({ url: '/cookies', headers: { cookie: 'lm_lang=hi; better-auth.session_token=abc%2Edef; empty=' } });
    expect(res.json()).toEqual({ lm_lang: 'hi', 'better-auth.session_token': 'abc.def', empty: '' });
    expect(parsedTwiceSame).toBe(true);
  });

  it('is empty without a cookie header, and each request has its own', async () => {
    expect((await app.inject({ url: '/cookies' })).json()).toEqual({});
    expect((await app.inject({ url: '/cookies', headers: { cookie: 'a=1' } })).json()).toEqual({ a: '1' });
    expect((await app.inject({ url: '/cookies' })).json()).toEqual({});
  });
});
