import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';

// A stand-in SMS gateway on loopback: records what it is sent, fails when told to.
const received: Array<{ to: string; code: string }> = [];
let failing = false;
const gateway = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (failing) return res.writeHead(503).end();
    received.push(JSON.parse(body));
    res.writeHead(204).end();
  });
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  const port = (gateway.address() as AddressInfo).port;
  t = await buildTestApp({ OTP_DELIVERY: 'webhook', OTP_WEBHOOK_URL: `http://127.0.0.1:${port}/send` });
});
afterAll(async () => {
  await t.close();
  gateway.close();
});

describe('OTP_DELIVERY=webhook', () => {
  it('posts {to, code} to the gateway, shows no code on screen, and the code signs in', async () => {
    const start = await t.app.inject({ method: 'POST', url: '/api/login/start', payload: { method: 'phone', phoneNumber: '9700011122' } });
    expect(start.statusCode).toBe(200);
    expect(start.json().devCode).toBeUndefined();
    expect(t.otpLines).toHaveLength(0);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ to: '+919700011122', code: expect.stringMatching(/^\d{6}$/) });
    const page = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(page.body).not.toContain('Development');
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/login/verify',
      payload: { method: 'phone', phoneNumber: '9700011122', code: received[0]!.code },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('answers 502 with a clear message when the gateway fails', async () => {
    failing = true;
    const start = await t.app.inject({ method: 'POST', url: '/api/login/start', payload: { method: 'phone', phoneNumber: '9700011133' } });
    failing = false;
    expect(start.statusCode).toBe(502);
    expect(start.json().message).toBe("We couldn't send the code right now. Please try again.");
  });
});
