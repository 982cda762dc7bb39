import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { chooseEncoding, createFastAnswers } from './fast-answers.js';

const SECURITY = { 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff' };
const SMALL = Buffer.from('[{"id":"a"}]');
const LARGE = Buffer.from(JSON.stringify(Array.from({ length: 80 }, (_, i) => ({ id: i, title: `शो नंबर ${i}` }))));

describe('chooseEncoding', () => {
  it('takes br over gzip, honours q-values and refusals', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.2, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeNull();
  });
});

describe('fast answers in front of Fastify', () => {
  let app: FastifyInstance;
  let base: string;
  let body: Buffer | null = SMALL;
  const observed: Array<[string, number]> = [];
  const fast = createFastAnswers(SECURITY);

  beforeAll(async () => {
    app = Fastify({ serverFactory: fast.serverFactory, keepAliveTimeout: 12_000 });
    fast.answer('/list', () => body, { contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' });
    fast.timeWith((route, seconds) => observed.push([route, seconds]));
    // What the framework answers is marked, so each test knows who answered.
    app.get('/list', (_request, reply) => reply.header('x-answered-by', 'fastify').send({ from: 'route' }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('answers a plain GET with the bytes, the headers, a request id and a latency sample', async () => {
    const res = await fetch(`${base}/list`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-answered-by')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SMALL);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toBe('accept-encoding');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('keep-alive')).toBe('timeout=12');
    expect(observed.at(-1)?.[0]).toBe('/list');
    expect(observed.at(-1)?.[1]).toBeGreaterThanOrEqual(0);
  });

  it('echoes a sane caller id and replaces any other', async () => {
    const sane = await fetch(`${base}/list`, { headers: { 'x-request-id': 'lb-1234' } });
    expect(sane.headers.get('x-request-id')).toBe('lb-1234');
    const odd = await fetch(`${base}/list`, { headers: { 'x-request-id': 'no spaces <here>' } });
    expect(odd.headers.get('x-request-id')).not.toBe('no spaces <here>');
  });

  it('compresses a large body once per body, as the client asks', async () => {
    body = LARGE;
    try {
      for (const [accept, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        // node's fetch would decode it; a raw request shows the bytes as sent.
        const res = await app.inject({ url: '/list' }); // injected: the route, not the fast path
        expect(res.headers['x-answered-by']).toBe('fastify');
        const raw = await rawGet(`${base}/list`, accept);
        expect(raw.headers['content-encoding']).toBe(accept);
        expect(Number(raw.headers['content-length'])).toBe(raw.body.length);
        expect(decode(raw.body)).toEqual(LARGE);
      }
      const plain = await rawGet(`${base}/list`, '');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(LARGE);
    } finally {
      body = SMALL;
    }
  });

  it('leaves HEAD, a query, a cold cache and a closing app to Fastify', async () => {
    expect((await fetch(`${base}/list`, { method: 'HEAD' })).headers.get('x-answered-by')).toBe('fastify');
    expect((await fetch(`${base}/list?page=2`)).headers.get('x-answered-by')).toBe('fastify');
    body = null;
    try {
      expect(await (await fetch(`${base}/list`)).json()).toEqual({ from: 'route' });
    } finally {
      body = SMALL;
    }
    fast.close();
    expect((await fetch(`${base}/list`)).headers.get('x-answered-by')).toBe('fastify');
  });
});

async function rawGet(url: string, acceptEncoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the live list, fast and through the route', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_PORT: 'off' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('has the same body and headers either way, and counts both in the route series', async () => {
    const first = await fetch(`${base}/api/streams/live`); // fills the cache
    const fastOne = await fetch(`${base}/api/streams/live`);
    const routed = await fetch(`${base}/api/streams/live?from=test`);
    for (const res of [first, fastOne, routed]) expect(res.status).toBe(200);
    const bodies = await Promise.all([fastOne.text(), routed.text()]);
    expect(bodies[0]).toBe(bodies[1]);
    const names = (res: Response) => [...res.headers.keys()].filter((n) => !['date', 'x-request-id', 'content-length', 'transfer-encoding'].includes(n)).sort();
    expect(names(fastOne)).toEqual(names(routed));
    for (const name of names(routed)) expect(fastOne.headers.get(name), name).toBe(routed.headers.get(name));
    type Json = Array<{ name: string; values: Array<{ value: number; labels: Record<string, string | number>; metricName?: string }> }>;
    const metric = ((await t.app.metrics.getMetricsAsJSON()) as Json).find((m) => m.name === 'http_request_duration_seconds');
    const count = metric?.values.find((v) => v.metricName === 'http_request_duration_seconds_count' && v.labels.route === '/api/streams/live');
    expect(count?.value).toBe(3);
  });
});
