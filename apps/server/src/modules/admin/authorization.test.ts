import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/commerce.js';
import { makeSeller, makeUser, type TestUser } from '../../testing/fixtures.js';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app.js';

// Issue 28, item 6: every /api/admin/* route, found as the app registers it (so a new one cannot slip
// past), answers 401 to a signed-out client and 403 to a shopper and a seller, with a message.
const OPERATOR_PHONE = '7000000001';
const routes: Array<{ method: string; url: string }> = [];
let t: TestApp;
let shopper: TestUser;
let seller: TestUser;
let operator: TestUser;

beforeAll(async () => {
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith('/api/admin')) return;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  t = await buildTestApp({ OPERATOR_PHONES: `+91 ${OPERATOR_PHONE}` }, null, { onRoute });
  shopper = await makeUser(t.app, 'Ravi');
  seller = await makeSeller(t.app, t.database.db, 'Asha');
  const cookie = await signIn(t.app, OPERATOR_PHONE, 'Meena');
  operator = { id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id, cookie };
});
afterAll(() => t.close());

const ID = '00000000-0000-4000-8000-000000000000';
const urlOf = (url: string) => url.replace(/:[a-zA-Z]+/g, ID);
const BODY = { reason: 'Testing the sweep', level: 'basic', action: 'dismiss', decision: 'reject', message: 'Hello', resolve: false };

describe('/api/admin/*', () => {
  it('is reached only through the operator check, whoever asks', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(24);
    for (const { method, url } of routes) {
      const route = `${method} ${url}`;
      const inject = (cookie?: string) =>
        t.app.inject({ method: method as 'GET', url: urlOf(url), headers: cookie ? { cookie } : {}, ...(method === 'POST' ? { payload: BODY } : {}) });
      const out = await inject();
      expect([route, out.statusCode], out.body).toEqual([route, 401]);
      if (method !== 'HEAD') expect(out.json().message).toBe('Unauthorized');
      for (const who of [shopper, seller]) {
        const refused = await inject(who.cookie);
        expect([route, refused.statusCode], refused.body).toEqual([route, 403]);
        if (method !== 'HEAD') expect(refused.json().message).toBe('Only LiveMarket operators can do this');
      }
    }
  });

  it('lets an operator in, and says so on the current user', async () => {
    expect((await call(t.app, 'GET', '/api/admin/overview', operator)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/user', operator)).json().isOperator).toBe(true);
    expect((await call(t.app, 'GET', '/api/auth/user', shopper)).json().isOperator).toBe(false);
  });

  it('answers a bad request with 4xx and a message, never 500', async () => {
    const bad = await call(t.app, 'POST', `/api/admin/users/${shopper.id}/suspend`, operator, { reason: 'x' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Say why (at least 3 characters)']);
    expect((await call(t.app, 'POST', `/api/admin/users/not-a-uuid/suspend`, operator, { reason: 'Spam' })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', `/api/admin/users/${ID}/suspend`, operator, { reason: 'Spam' })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/admin/audit?cursor=2026-02-30T00:00:00.000000Z_00000000-0000-4000-8000-000000000000', operator)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/users?q=a', operator)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/admin/orders/${ID}`, operator)).statusCode).toBe(404);
    for (const path of ['verifications', 'reports', 'returns', 'tickets', 'streams', 'refund-approvals', 'audit']) {
      expect([path, (await call(t.app, 'GET', `/api/admin/${path}`, operator)).statusCode]).toEqual([path, 200]);
    }
    for (const path of [`verifications/${ID}/reject`, `reports/${ID}/resolve`, `returns/${ID}/decide`, `streams/${ID}/end`, `sellers/${ID}/payouts/hold`, `orders/${ID}/refund`, `refund-approvals/${ID}/approve`]) {
      expect([path, (await call(t.app, 'POST', `/api/admin/${path}`, operator, BODY)).statusCode]).toEqual([path, 404]);
    }
    expect((await call(t.app, 'POST', `/api/admin/tickets/${ID}/answer`, operator, { message: 'Hello' })).statusCode).toBe(404);
  });
});
