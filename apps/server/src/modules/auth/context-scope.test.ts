import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../testing/test-app.js';
import { authCallsInFlight, authStoresEnabled, inAuthScope } from './context-scope.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ OTP_SEND_LIMIT_PER_IP: '1000' });
});
afterAll(() => t.close());

describe("better-auth's AsyncLocalStorage, on only while it runs", () => {
  it('is off again after sign-ins and session lookups, which still work', async () => {
    const cookie = await signIn(t.app, '+919812300001', 'Asha');
    expect(authCallsInFlight()).toBe(0);
    expect(authStoresEnabled()).toBe(false);
    const session = await t.app.inject({ url: '/api/identity/get-session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.firstName).toBe('Asha');
    expect(authStoresEnabled()).toBe(false);
  });

  it('stays on while any call is in flight: overlapping sign-ins all succeed', async () => {
    // Each one awaits the database inside better-auth; one settling must not switch the others' store off.
    const numbers = Array.from({ length: 12 }, (_, i) => `+9198123${String(10 + i).padStart(5, '0')}`);
    const cookies = await Promise.all(numbers.map((n) => signIn(t.app, n, 'Ravi')));
    expect(cookies.every((c) => c.includes('lm.session_token'))).toBe(true);
    const sessions = await Promise.all(cookies.map((cookie) => t.app.inject({ url: '/api/identity/get-session', headers: { cookie } })));
    expect(sessions.map((s) => s.json().user.phoneNumber).sort()).toEqual([...numbers].sort());
    expect(authCallsInFlight()).toBe(0);
    expect(authStoresEnabled()).toBe(false);
  });

  it('counts a call that throws', async () => {
    await expect(inAuthScope(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(inAuthScope(() => { throw new Error('at once'); })).rejects.toThrow('at once');
    expect(authCallsInFlight()).toBe(0);
  });
});
