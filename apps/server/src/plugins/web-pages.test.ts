import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSR_STATE_ID } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { deferAppScripts, pageFiles } from './web-pages.js';
import { goLive, makeSeller, makeUser, type TestSeller, type TestUser } from '../testing/fixtures.js';

// The page plumbing around the web build's renderer: which pages are rendered, with whose answers,
// what the HTML carries and what happens when rendering fails. The renderer here is a small stand-in
// for apps/web's entry-server (which the browser tests exercise once built): it reports what it was given.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Default description" />
    <title>LiveMarket</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const RENDERER = `
export async function render(url, fetchApi, language, options) {
  if (url.includes('boom')) throw new Error('render failed');
  const me = await fetchApi('/api/auth/user');
  const name = me.status === 200 ? me.body.firstName : 'visitor';
  return { html: '<p>' + name + ' at ' + url + '</p>', state: { queries: { note: '</script><script>alert(1)</script>' }, language: me.status === 200 ? 'hi' : language, nonce: options.nonce }, headScript: 'window.early = "</script>";' };
}`;

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
let streamId: string;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'lm-web-'));
  const webServerDist = mkdtempSync(path.join(os.tmpdir(), 'lm-web-server-'));
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(webServerDist, 'entry-server.js'), RENDERER);
  t = await buildTestApp({}, null, { webDist, webServerDist });
  seller = await makeSeller(t.app, t.database.db);
  shopper = await makeUser(t.app, 'Rahul');
  streamId = await goLive(t.app, seller, 'Diwali <diyas> & "lamps"');
});
afterAll(() => t.close());

const page = (url: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: { cookie } });
const stateOf = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">(.*?)</script>`).exec(html)![1]!);

describe('server-rendered pages', () => {
  it('renders / with the requester’s own answers, in the account’s language, uncached by shared caches', async () => {
    const signedOut = await page('/');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toContain('<div id="root"><p>visitor at /</p></div>');
    const signedIn = await page('/', shopper.cookie);
    expect(signedIn.body).toContain('<p>Rahul at /</p>');
    expect(signedIn.body).toContain('<html lang="hi"');
    expect(signedIn.headers['cache-control']).toBe('no-cache, private');
    expect(signedIn.headers.vary).toContain('Cookie');
  });

  it('lets only this page’s nonce run inline, and no data can close its script element', async () => {
    const res = await page('/', shopper.cookie);
    const state = stateOf(res.body);
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'nonce-${state.nonce}'`);
    expect(state.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect((await page('/')).headers['content-security-policy']).not.toContain(state.nonce);
    expect(state.queries.note).toBe('</script><script>alert(1)</script>');
    expect(res.body).not.toContain('<script>alert(1)');
    // The renderer's head script runs under the same nonce, before the page shows, and cannot close its element early.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(`<script nonce="${state.nonce}">window.early = "<\\/script>";</script>`);
  });

  it('gives a stream page its title and link-preview tags for every requester, escaped', async () => {
    for (const cookie of ['', shopper.cookie]) {
      const res = await page(`/stream/${streamId}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<title>Diwali &lt;diyas&gt; &amp; &quot;lamps&quot; · \S+'s Store \| LiveMarket<\/title>/);
      expect(res.body).toContain('<meta property="og:title" content="Diwali &lt;diyas&gt; &amp; &quot;lamps&quot;');
      expect(res.body).toContain('<meta property="og:description" content="Kundan and polki" />');
      expect(res.body).toContain(`<meta property="og:url" content="${t.config.publicUrl}/stream/${streamId}" />`);
      expect(res.body).toMatch(/<meta property="og:image" content="http[^"]+" \/>/);
      expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
      expect(res.body).not.toContain('Default description');
    }
  });

  it('sends the plain app shell when rendering fails or the stream is unknown, never a 500', async () => {
    const failed = await page('/stream/boom', shopper.cookie);
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(failed.body).not.toContain(SSR_STATE_ID);
    const unknown = await page('/stream/00000000-0000-4000-8000-000000000000');
    expect(unknown.body).not.toContain('og:title');
    expect(unknown.body).toContain('Default description');
  });

  it('sends a rendered page compressed to a browser that accepts it', async () => {
    const res = await t.app.inject({ url: `/stream/${streamId}`, headers: { cookie: shopper.cookie, 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('og:title');
  });

  it('renders only / and stream pages; other paths get the shell', async () => {
    const res = await page('/orders', shopper.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('the app script of a server-rendered page', () => {
  const built = `<head>
    <title>LiveMarket</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-123.js">
    <link rel="stylesheet" crossorigin href="/assets/index-xyz.css">
  </head>`;

  it('leaves the HTML, which shows without it, and is added once the page has painted', () => {
    const { template, loader, entryFiles } = deferAppScripts(built);
    expect(template).not.toContain('<script');
    expect(template).not.toContain('modulepreload');
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/index-xyz.css">');
    expect(entryFiles).toEqual(['/assets/index-abc.js', '/assets/react-def.js', '/assets/i18n-123.js']);
    const script = loader!();
    expect(script).toContain('"/assets/index-abc.js"');
    expect(script).toContain('["/assets/react-def.js","/assets/i18n-123.js"]');
    expect(script).toContain("'first-contentful-paint'");
  });

  it('adds the entry, then its preloads and the page’s chunks a few per task, when run', () => {
    const { loader } = deferAppScripts(built);
    const page = Array.from({ length: 7 }, (_, i) => `/assets/page-${i}.js`);
    const added: Array<Record<string, string>> = [];
    const document = { head: { appendChild: (el: Record<string, string>) => added.push(el) }, createElement: (tag: string) => ({ tag }) };
    const timers: Array<() => void> = [];
    new Function('document', 'setTimeout', 'PerformanceObserver', loader!(page))(document, (fn: () => void) => timers.push(fn), undefined);
    // No paint timing here: the fallback timer loads it, once.
    timers.shift()!();
    expect(added[0]).toEqual({ tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-abc.js' });
    expect(added.slice(1)).toEqual(['/assets/react-def.js', '/assets/i18n-123.js', ...page.slice(0, 2)].map((href) => ({ tag: 'link', rel: 'modulepreload', crossOrigin: '', href })));
    // The rest four per task.
    timers.shift()!();
    expect(added).toHaveLength(9);
    while (timers.length > 0) timers.shift()!();
    expect(added.map((el) => el.href ?? el.src)).toEqual(['/assets/index-abc.js', '/assets/react-def.js', '/assets/i18n-123.js', ...page]);
  });

  it('finds a page’s chunk in the build manifest, unless the entry loads it already', () => {
    const manifest = {
      'index.html': { file: 'assets/index-abc.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-def.js' },
      'src/app/routes/stream.tsx': { file: 'assets/stream-1.js', imports: ['_react.js', '_icon.js'] },
      'src/app/routes/shared.tsx': { file: 'assets/react-def.js' },
    };
    const entry = ['/assets/index-abc.js', '/assets/react-def.js'];
    expect(pageFiles(manifest, 'src/app/routes/stream.tsx', entry)).toEqual(['/assets/stream-1.js']);
    expect(pageFiles(manifest, 'src/app/routes/shared.tsx', entry)).toEqual([]);
    expect(pageFiles(manifest, 'src/app/routes/missing.tsx', entry)).toEqual([]);
  });

  it('changes nothing in a template without an app script', () => {
    expect(deferAppScripts('<head></head>')).toEqual({ template: '<head></head>', entryFiles: [], loader: null });
  });
});

