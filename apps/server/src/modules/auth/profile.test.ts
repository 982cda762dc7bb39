import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieHeader, signIn, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = await signIn(t.app, '9912345678', 'Kiran');
});
afterAll(() => t.close());

const patch = (payload: object, headers: Record<string, string> = { cookie }) =>
  t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers, payload });

describe('PATCH /api/auth/profile', () => {
  it('updates first and last name and returns the user', async () => {
    const res = await patch({ firstName: '  Kiran ', lastName: 'Rao', email: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Kiran', lastName: 'Rao', email: null, isSeller: false });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ firstName: 'Kiran', lastName: 'Rao' });
  });

  it('makes the last name optional', async () => {
    const res = await patch({ firstName: 'Kiran' });
    expect(res.statusCode).toBe(200);
    expect(res.json().lastName).toBeNull();
  });

  it("requires a first name with the spec's message", async () => {
    const res = await patch({ firstName: '   ', lastName: 'Rao' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('First name is required');
    expect(res.json().issues[0].path).toEqual(['firstName']);
  });

  it("rejects an invalid e-mail with the spec's message", async () => {
    const res = await patch({ firstName: 'Kiran', email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid email address');
  });

  it('refuses to change the e-mail and leaves the profile as it was', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    const res = await patch({ firstName: 'Changed', email: 'new@example.in' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Your e-mail address cannot be changed here.');
    const after = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    expect(after).toEqual(before);
  });

  it('accepts the unchanged e-mail of an e-mail account', async () => {
    const sent = (await t.app.inject({ method: 'POST', url: '/api/login/start', payload: { method: 'email', email: 'dev@example.in' } })).json();
    const login = await t.app.inject({ method: 'POST', url: '/api/login/verify', payload: { method: 'email', email: 'dev@example.in', code: sent.devCode } });
    const res = await patch({ firstName: 'Dev', lastName: '', email: 'dev@example.in' }, { cookie: cookieHeader(login) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Dev', email: 'dev@example.in' });
  });

  it('answers 401 when signed out', async () => {
    const res = await patch({ firstName: 'X' }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('strips unknown fields instead of trusting them', async () => {
    const res = await patch({ firstName: 'Kiran', id: '00000000-0000-4000-8000-000000000000', isSeller: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().isSeller).toBe(false);
  });
});

describe('security', () => {
  it('refuses a state-changing request from a foreign Origin with 403', async () => {
    const res = await patch({ firstName: 'Evil' }, { cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/foreign origin/);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
    expect(me.firstName).not.toBe('Evil');
  });

  it('accepts our own Origin', async () => {
    const res = await patch({ firstName: 'Kiran' }, { cookie, origin: t.config.publicOrigin });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a cross-site request without Origin (Sec-Fetch-Site)', async () => {
    const res = await patch({ firstName: 'Evil' }, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it('sends a CSP that forbids objects, base URIs and framing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers malformed JSON with a JSON 400', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie, 'content-type': 'application/json' }, payload: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });
});
