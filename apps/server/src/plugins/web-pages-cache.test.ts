import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../testing/fixtures.js';

// Decision 054: a signed-out page is rendered once per URL and language and served to everyone from
// memory for up to a second, or until a show starts or ends. The stand-in renderer counts its renders
// (on globalThis, which the test shares with it), takes 50 ms, and puts an inline script in the body
// as React does when it completes a boundary.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Default description" />
    <title>LiveMarket</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const RENDERER = `
export async function render(url, fetchApi, language, options) {
  globalThis.pageRenders = (globalThis.pageRenders ?? 0) + 1;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const me = await fetchApi('/api/auth/user');
  const live = await fetchApi('/api/streams/live');
  const name = me.status === 200 ? me.body.firstName : 'visitor';
  const nonce = options.nonce ? ' nonce="' + options.nonce + '"' : '';
  return {
    html: '<p>' + name + ' at ' + url + ' in ' + language + ', ' + live.body.length + ' live</p><script' + nonce + '>window.completed = 1;</script>',
    state: { queries: {}, language: me.status === 200 ? 'hi' : language },
    headScript: 'window.early = true;',
  };
}`;

const renders = () => (globalThis as { pageRenders?: number }).pageRenders ?? 0;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'lm-web-'));
  const webServerDist = mkdtempSync(path.join(os.tmpdir(), 'lm-web-server-'));
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(webServerDist, 'entry-server.js'), RENDERER);
  t = await buildTestApp({}, null, { webDist, webServerDist });
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
});
afterAll(() => t.close());

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
// Past the one-second ceiling, so each test starts from an empty cache.
const pastCeiling = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('signed-out pages from the cache', () => {
  it('renders a page once for concurrent visitors, and serves the same bytes to the next ones', async () => {
    await pastCeiling();
    const before = renders();
    const crowd = await Promise.all(Array.from({ length: 8 }, () => page('/')));
    expect(renders() - before).toBe(1);
    const again = await page('/');
    expect(renders() - before).toBe(1);
    for (const res of [...crowd, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(crowd[0]!.body);
      expect(res.headers['cache-control']).toBe('public, max-age=1');
      expect(res.headers.vary).toContain('Cookie');
    }
    expect(crowd[0]!.body).toContain('<p>visitor at / in en, 0 live</p>');
  });

  it('allows the body’s inline scripts by their hashes, with no nonce in the body or the CSP', async () => {
    const res = await page('/');
    const csp = String(res.headers['content-security-policy']);
    const loader = /<script>([\s\S]*?)<\/script>\s*<\/head>/.exec(res.body)![1]!;
    expect(loader).toContain('window.early = true;');
    expect(loader).toContain('/assets/index-abc.js');
    expect(csp).toContain(`script-src 'self' ${sha256(loader)} ${sha256('window.completed = 1;')}`);
    expect(csp).not.toContain('nonce');
    expect(res.body).not.toContain('nonce=');
    // The page state is data, not a script: it needs no hash.
    expect(csp.match(/sha256-/g)).toHaveLength(2);
  });

  it('keeps one page per language, which the language cookie chooses', async () => {
    await pastCeiling();
    const before = renders();
    const tamil = await page('/', { cookie: 'language=ta' });
    const english = await page('/');
    expect(tamil.body).toContain('<html lang="ta"');
    expect(tamil.body).toContain('in ta,');
    expect(english.body).toContain('<html lang="en"');
    await page('/', { cookie: 'language=ta' });
    expect(renders() - before).toBe(2);
  });

  it('renders a signed-in page per request, private, under its own nonce', async () => {
    const before = renders();
    const first = await page('/', { cookie: shopper.cookie });
    const second = await page('/', { cookie: shopper.cookie });
    expect(renders() - before).toBe(2);
    expect(first.body).toContain('<p>Rahul at /');
    expect(first.headers['cache-control']).toBe('no-cache, private');
    const nonce = /'nonce-([^']+)'/.exec(String(first.headers['content-security-policy']))![1]!;
    expect(first.body).toContain(`<script nonce="${nonce}">`);
    expect(second.body).not.toContain(nonce);
  });

  it('forgets its pages when a show goes live, and after a second in any case', async () => {
    await pastCeiling();
    const before = renders();
    expect((await page('/')).body).toContain(' 0 live');
    await goLive(t.app, seller, 'Silk sarees, live');
    // The listing change reaches the cache through the bus (asynchronously, as from another instance).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await page('/')).body).toContain(' 1 live');
    expect(renders() - before).toBe(2);
    await page('/');
    expect(renders() - before).toBe(2);
    await pastCeiling();
    await page('/');
    expect(renders() - before).toBe(3);
  });

  it('sends the cached page compressed as the browser asks, the same page underneath', async () => {
    const plain = await page('/stream/00000000-0000-4000-8000-000000000000');
    const br = await page('/stream/00000000-0000-4000-8000-000000000000', { 'accept-encoding': 'gzip, br' });
    const gzip = await page('/stream/00000000-0000-4000-8000-000000000000', { 'accept-encoding': 'br;q=0, gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toContain('Accept-Encoding');
  });
});
