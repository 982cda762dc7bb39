// Budget (ARCHITECTURE): initial route ≤ 150 KB gzip JS. Loads the built app in Debian's Chromium at a
// phone viewport and adds up the gzip size of every script the first route fetched.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import { startServer, stop, waitFor, ROOT } from './lib.js';

const BUDGET_KB = 150;

async function scriptsOf(page: Page, url: string, ready: () => Promise<unknown>) {
  const scripts: Array<{ url: string; gzip: number; wire: number }> = [];
  const onResponse = async (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    const sizes = await response.request().sizes();
    scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize });
  };
  page.on('response', onResponse);
  await page.goto(url);
  await ready();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  if (process.env.BENCH_LIST_SCRIPTS) for (const s of [...scripts].sort((a, b) => b.gzip - a.gzip)) console.error(url, s.url, (s.gzip / 1024).toFixed(1));
  return {
    scripts: scripts.length,
    gzipKB: kb(scripts.reduce((sum, s) => sum + s.gzip, 0)),
    transferredKB: kb(scripts.reduce((sum, s) => sum + s.wire, 0)),
  };
}

export async function benchInitialRoute() {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lm-route-'));
  const port = 5095;
  const base = `http://localhost:${port}`;
  const server = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: base });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
  try {
    await waitFor(`${base}/api/health`);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const landing = await scriptsOf(page, `${base}/`, () => page.getByText('Shop Live, Shop Smart').waitFor());

    // Sign in as the demo shopper, then load the home as a returning visitor would (empty cache).
    const start = await page.request.post(`${base}/api/login/start`, { data: { method: 'phone', phoneNumber: '9123456789' } });
    const { devCode } = (await start.json()) as { devCode: string };
    await page.request.post(`${base}/api/login/verify`, { data: { method: 'phone', phoneNumber: '9123456789', code: devCode } });
    const cookies = await context.cookies();
    const fresh = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await fresh.addCookies(cookies);
    const homePage = await fresh.newPage();
    const home = await scriptsOf(homePage, `${base}/`, () => homePage.getByText('Welcome back').waitFor());

    // A show shared on WhatsApp: the stream page is the first route too.
    const live = (await (await homePage.request.get(`${base}/api/streams/live`)).json()) as Array<{ id: string }>;
    const shared = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await shared.addCookies(cookies);
    const streamPage = await shared.newPage();
    const stream = await scriptsOf(streamPage, `${base}/stream/${live[0]!.id}`, () => streamPage.locator('video').first().waitFor());

    // The same link opened by someone who reads Tamil: the Tamil catalog arrives as JSON, not script.
    const tamil = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await tamil.addCookies([...cookies, { name: 'language', value: 'ta', url: base }]);
    await tamil.addInitScript("window.localStorage.setItem('language', 'ta')");
    const tamilPage = await tamil.newPage();
    const localeBytes: number[] = [];
    tamilPage.on('response', async (response) => {
      if (/\/assets\/\w\w-[\w-]+\.json$/.test(response.url())) localeBytes.push(gzipSync(await response.body(), { level: 9 }).length);
    });
    const streamTamil = {
      ...(await scriptsOf(tamilPage, `${base}/stream/${live[0]!.id}`, () => tamilPage.locator('video').first().waitFor())),
      localeJsonGzipKB: Math.round((localeBytes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10,
    };
    const worst = Math.max(landing.gzipKB, home.gzipKB, stream.gzipKB, streamTamil.gzipKB);
    return { landing, home, stream, streamTamil, budgetKB: BUDGET_KB, pass: worst <= BUDGET_KB };
  } finally {
    await browser.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
