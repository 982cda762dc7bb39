import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';

// Decision 054: signed-out pages come from a cache shared by every visitor, so their inline scripts
// run under the CSP by their hashes, not a per-response nonce; and the server renders with React's
// production build whatever NODE_ENV says.

const BUNDLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist-server/entry-server.js');

test('the server-render bundle uses React’s production build with NODE_ENV unset', async () => {
  // A process like `npm start`'s: no NODE_ENV. It renders the landing page and lists the CommonJS
  // files it loaded; React's development build (react-dom-server.node.development.js) would be one.
  const script = `
    import { createRequire } from 'node:module';
    const { render } = await import(${JSON.stringify(pathToFileURL(BUNDLE).href)});
    const signedOut = async (p) => (p === '/api/streams/live' ? { status: 200, body: [] } : { status: 401, body: null });
    const page = await render('/', signedOut, 'en', { nonce: '', origin: 'http://localhost' });
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify({ env: process.env.NODE_ENV ?? null, htmlBytes: page.html.length, react: loaded.filter((f) => /node_modules[\\\\/]react/.test(f)) }));`;
  const env = { ...process.env };
  delete env.NODE_ENV;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env, cwd: path.dirname(BUNDLE) });
  const report = JSON.parse(stdout.trim().split('\n').pop()!) as { env: string | null; htmlBytes: number; react: string[] };
  expect(report.env).toBeNull();
  expect(report.htmlBytes).toBeGreaterThan(1000);
  // React is inside the bundle, built for production: nothing of it comes from node_modules.
  expect(report.react).toEqual([]);
});

async function liveStreamId(page: Page): Promise<string> {
  const live = (await (await page.request.get('/api/streams/live')).json()) as Array<{ id: string }>;
  if (!live[0]) throw new Error('no live stream');
  return live[0].id;
}

for (const language of ['en', 'ta']) {
  test(`a cached signed-out page’s inline scripts run under the CSP (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: 'language', value: language, url: test.info().project.use.baseURL! }]);
    // Violations are reported on the document as they happen, before any of our code runs.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __violations: string[] }).__violations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const page = await context.newPage();
    const problems: string[] = [];
    // And React takes the cached HTML over as its own (a mismatch is React error #418/#423/#425 in production).
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to|hydrat|#41[89]|#42[35]/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const streamId = await liveStreamId(page);
    for (const url of ['/', `/stream/${streamId}`]) {
      // The app's script is not in the HTML: only the inline loader adds it, so its request proves the loader ran.
      const entry = page.waitForRequest(/\/assets\/index-[^/]+\.js$/);
      const response = (await page.goto(url))!;
      const headers = response.headers();
      expect(headers['cache-control']).toBe('public, max-age=1');
      expect(headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+/);
      expect(headers['content-security-policy']).not.toContain('nonce-');
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      await entry;
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}
