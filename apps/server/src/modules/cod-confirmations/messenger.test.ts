import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodMessenger } from './messenger.js';

// The gateway adapter, as a real HTTP server on loopback: it keeps what it was sent and answers as told.
const received: Array<{ type: string | undefined; body: unknown }> = [];
let answer = 202;
const server = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ type: req.headers['content-type'], body: JSON.parse(body) });
    res.writeHead(answer).end();
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const message = { to: '+919876543210', ref: '#0000AA11', amount: '₹1,499.00', link: 'https://livemarket.example/cod/abc' };

describe('the cash-on-delivery link', () => {
  it('goes to the gateway webhook with what its template needs', async () => {
    const lines: string[] = [];
    await createCodMessenger({ webhookUrl: url, printLinks: true, print: (l) => lines.push(l) })(message);
    expect(received.at(-1)).toEqual({ type: 'application/json', body: { ...message, template: 'cod_confirmation' } });
    expect(lines).toEqual([]);
  });

  it('fails when the gateway refuses it (the service logs it; the app still shows the link)', async () => {
    answer = 500;
    await expect(createCodMessenger({ webhookUrl: url, printLinks: false, print: () => {} })(message)).rejects.toThrow('COD message webhook answered 500');
    answer = 202;
  });

  it('is printed in development, and sent nowhere without a webhook in production', async () => {
    const lines: string[] = [];
    const before = received.length;
    await createCodMessenger({ printLinks: true, print: (l) => lines.push(l) })(message);
    await createCodMessenger({ printLinks: false, print: (l) => lines.push(l) })(message);
    expect(lines).toEqual(['[cod] +919876543210 https://livemarket.example/cod/abc']);
    expect(received.length).toBe(before);
  });
});
