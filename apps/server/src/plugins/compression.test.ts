import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStaticFileRoute, registerCompression } from './compression.js';

const app = Fastify();
const big = { streams: Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Banarasi silk saree drop ${i}`, storeName: 'Priya Jewels' })) };
beforeAll(async () => {
  await registerCompression(app);
  app.get('/api/big', async () => big);
  app.get('/api/small', async () => ({ ok: true }));
  app.get('/assets/chunk-abc.js', async (_req, reply) => reply.type('application/javascript').send('export const x = 1;'.repeat(200)));
  app.get('/page', async (_req, reply) => reply.type('text/html; charset=utf-8').send(`<!doctype html><p>${'नमस्ते '.repeat(400)}</p>`));
});
afterAll(() => app.close());

describe('compressed answers', () => {
  it('sends a large answer brotli- or gzip-compressed when the phone accepts it, plain otherwise', async () => {
    const plain = await app.inject({ url: '/api/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gz = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it('compresses pages too', async () => {
    const res = await app.inject({ url: '/page', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('नमस्ते');
  });

  it('leaves a small answer alone', async () => {
    const res = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
  });

  it('leaves files alone: the build compressed them ahead, and images gain nothing', async () => {
    const res = await app.inject({ url: '/assets/chunk-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    for (const url of ['/assets/index-abc.js', '/sw.js', '/demo/*', '/uploads/*', '/favicon.svg']) expect(isStaticFileRoute(url), url).toBe(true);
    for (const url of ['/', '/stream/:id', '/api/streams/live', '/api/uploads/product-image']) expect(isStaticFileRoute(url), url).toBe(false);
  });
});
