import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

// Decision 054: the per-address request limit counts renders, not views of a page from the cache — a
// crowd behind one address (a carrier's NAT) reads a cached page freely, while renders stay limited.
const TEMPLATE = '<!doctype html><html lang="en"><head><title>LiveMarket</title></head><body><div id="root"></div></body></html>';
const RENDERER = `export async function render(url, fetchApi, language) {
  await fetchApi('/api/auth/user');
  return { html: '<p>' + url + '</p>', state: { queries: {}, language } };
}`;

let t: TestApp;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'lm-web-'));
  const webServerDist = mkdtempSync(path.join(os.tmpdir(), 'lm-web-server-'));
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(webServerDist, 'entry-server.js'), RENDERER);
  t = await buildTestApp({ API_RATE_LIMIT_PER_MINUTE: '6' }, null, { webDist, webServerDist });
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });

it('serves a cached page past the limit, and refuses renders beyond it', async () => {
  // One render (the page and the render's own call count); then twenty views come from the cache.
  expect((await page('/')).statusCode).toBe(200);
  const views = await Promise.all(Array.from({ length: 20 }, () => page('/')));
  expect(views.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
  // Every distinct URL is a render of its own: those run into the limit.
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await page(`/?v=${i}`)).statusCode);
  expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
  expect(statuses.slice(-2)).toEqual([429, 429]);
  const refused = await page('/?v=last');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests/) });
  // The cached page is still served to the same address.
  expect((await page('/')).statusCode).toBe(200);
});
