import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { logTraceIds, registerRequestIds, requestIdOptions } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('every response carries x-request-id', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'lm-request-id-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>LiveMarket</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'export {};');
    writeFileSync(path.join(webDist, 'entry-server.js'), "export async function render(url) { return { html: '<p>' + url + '</p>', state: {} }; }");
    t = await buildTestApp({ API_RATE_LIMIT_PER_MINUTE: '40' }, null, { webDist, webServerDist: webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('on answers, refusals, 404s, files and pages: a fresh id each time', async () => {
    const answers = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ method: 'POST', url: '/api/login/start', payload: { method: 'phone', phoneNumber: '12345' } }),
      await t.app.inject({ url: '/api/no-such-route' }),
      await t.app.inject({ url: '/api/auth/user' }),
      await t.app.inject({ url: '/assets/index-abc123.js' }),
      await t.app.inject({ url: '/' }),
      // better-auth's own route writes the raw response itself (a hijacked reply).
      await t.app.inject({ url: '/api/identity/get-session' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400, 404, 401, 200, 200, 200]);
    expect(answers[5]!.body).toContain('<p>/</p>');
    const ids = answers.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('echoes a sane id of the caller and replaces any other', async () => {
    const given = (id: string) => t.app.inject({ url: '/api/health', headers: { 'x-request-id': id } }).then((r) => String(r.headers['x-request-id']));
    expect(await given('lb-7f3a.9:2')).toBe('lb-7f3a.9:2');
    for (const insane of ['two words', 'x'.repeat(65), '<script>', 'id\u00e9', '']) {
      const id = await given(insane);
      expect(id, insane).toMatch(UUID);
    }
  });

  it('on the 429 of the rate limit', async () => {
    let last;
    for (let i = 0; i < 60; i++) {
      last = await t.app.inject({ url: '/api/health' });
      if (last.statusCode === 429) break;
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['x-request-id']).toMatch(UUID);
  });
});

describe('every log line written while serving a request carries its id', () => {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, ...requestIdOptions() });
  let base = '';

  beforeAll(async () => {
    await registerRequestIds(app);
    // A service given app.log (not request.log) logs after the body was read and after an await.
    app.post('/api/work', async (request) => {
      await new Promise((r) => setTimeout(r, 5));
      app.log.info({ step: 'service' }, 'working');
      request.log.info({ step: 'route' }, 'worked');
      app.log.child({ module: 'jobs' }).warn({ step: 'child' }, 'queued');
      return { ok: true };
    });
    // Over a real socket: a body read from it arrives outside the context the onRequest hooks ran in.
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('through app.log, a child of it and request.log, once each', async () => {
    // The body's second half comes later, in a packet of its own, as from a slow phone.
    const body = new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        await new Promise((r) => setTimeout(r, 30));
        controller.enqueue(new TextEncoder().encode('1}'));
        controller.close();
      },
    });
    const headers = { 'content-type': 'application/json', 'x-request-id': 'caller-42' };
    const res = await fetch(`${base}/api/work`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('caller-42');
    for (const step of ['service', 'route', 'child']) {
      const line = lines.find((l) => l.step === step);
      expect(line?.reqId, step).toBe('caller-42');
      const text = raw.find((r) => r.includes(`"step":"${step}"`))!;
      expect(text.split('"reqId"').length - 1, step).toBe(1);
    }
  });

  it('not outside a request; the trace id when tracing is on', async () => {
    app.log.info({ step: 'idle' }, 'between requests');
    expect(lines.find((l) => l.step === 'idle')).not.toHaveProperty('reqId');
    logTraceIds(() => '0af7651916cd43dd8448eb211c80319c');
    try {
      app.log.info({ step: 'traced' }, 'with a trace');
    } finally {
      logTraceIds(null);
    }
    expect(lines.find((l) => l.step === 'traced')?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
  });
});
