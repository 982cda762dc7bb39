import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freshPhone, goLiveFromDashboard, signIn } from './fixtures.js';
import { ROOT, openApp, scheduleShow } from './shows-fixtures.js';

// Issue 25 (items 13, 14, 17): lists of live and upcoming shows follow the server; a show's end offers
// what comes next; an announced show's page turns live when the seller starts it. "Within 2 s" is
// counted from the server's answer to the seller (the show is live, or ended, from then on) to the
// viewer's screen; the request's own time is logged beside it.

// LISTS_SHOTS_DIR=<folder> saves the end's toast and Home's Just ended card, in English and Tamil.
const SHOTS = process.env.LISTS_SHOTS_DIR;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
type Size = { width: number; height: number };

async function person(browser: Browser, name: string, viewport: Size = { width: 390, height: 844 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, freshPhone(), name);
  return { page, close: () => context.close() };
}

async function seller(browser: Browser, store: string) {
  const s = await person(browser, 'Lakshmi');
  const res = await s.page.request.post('/api/sellers', { data: { storeName: store, description: 'Handwoven Kanjivaram silk', category: 'fashion' } });
  expect(res.status()).toBe(201);
  return s;
}

/** Resolves once the page's socket has sent a frame of this type (set up before the page opens). */
function sends(page: Page, type: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framesent', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes(`"type":"${type}"`)) resolve();
      }),
    );
  });
}

async function useLanguage(page: Page, code: string) {
  expect((await page.request.patch('/api/auth/profile', { data: { language: code } })).ok()).toBe(true);
  await page.context().addCookies([{ name: 'language', value: code, url: new URL(page.url()).origin }]);
  await page.context().addInitScript((language) => window.localStorage.setItem('language', language), code);
}

const catalog = (code: string) => JSON.parse(readFileSync(path.join(ROOT, `apps/web/src/locales/${code}.json`), 'utf8')) as {
  stream: { ended_toast_title: string; ended_watch_replay: string };
  shows: { just_ended: string; watch_replay: string; remind_me: string; just_ended_next: string };
  follow: { follow: string };
};

test('Home and the Live tab show a show within 2 s of it going live and drop it within 2 s of its end, without a reload', async ({ browser }) => {
  test.setTimeout(300_000);
  const lakshmi = await seller(browser, 'Lakshmi Silks');
  const viewer = await person(browser, 'Arjun');
  const liveTab = await viewer.page.context().newPage();
  const homeWatching = sends(viewer.page, 'watch_lists');
  const tabWatching = sends(liveTab, 'watch_lists');
  await openApp(viewer.page, '/');
  await openApp(liveTab, '/streams');
  await Promise.all([homeWatching, tabWatching]);

  const title = `Kanjivaram, live ${Date.now() % 100000}`;
  const card = (page: Page) => page.locator('a[href^="/stream/"]', { hasText: title });
  await expect(card(viewer.page)).toHaveCount(0);

  const sent = Date.now();
  const created = await lakshmi.page.request.post('/api/streams', { data: { title } });
  expect(created.status()).toBe(201);
  const live = Date.now();
  const { id } = (await created.json()) as { id: string };
  await Promise.all([expect(card(viewer.page)).toBeVisible({ timeout: 2000 }), expect(card(liveTab)).toBeVisible({ timeout: 2000 })]);
  console.log(`on Home and the Live tab ${Date.now() - live} ms after going live (Go Live answered in ${live - sent} ms)`);
  await expect(card(viewer.page)).toHaveAttribute('href', `/stream/${id}`);

  const ending = Date.now();
  expect((await lakshmi.page.request.patch(`/api/streams/${id}`, { data: { isLive: false } })).status()).toBe(200);
  const ended = Date.now();
  await Promise.all([expect(card(viewer.page)).toHaveCount(0, { timeout: 2000 }), expect(card(liveTab)).toHaveCount(0, { timeout: 2000 })]);
  console.log(`gone from both ${Date.now() - ended} ms after the end (answered in ${ended - ending} ms)`);

  await Promise.all([lakshmi.close(), viewer.close()]);
});

test("an announced show's page turns live within 2 s of the seller starting it", async ({ browser }) => {
  test.setTimeout(300_000);
  const lakshmi = await seller(browser, 'Lakshmi Weaves');
  const id = await scheduleShow(lakshmi.page, { title: 'Pochampally ikat, at 7', scheduledFor: inMinutes(90) });
  const viewer = await person(browser, 'Divya');
  const watching = sends(viewer.page, 'watch_lists');
  await openApp(viewer.page, `/stream/${id}`);
  await expect(viewer.page.getByRole('button', { name: 'Remind me' })).toBeVisible();
  await watching;

  const starting = Date.now();
  expect((await lakshmi.page.request.patch(`/api/streams/${id}`, { data: { isLive: true } })).status()).toBe(200);
  const started = Date.now();
  // The live page: LIVE over the video and the chat box, where Remind me was.
  await expect(viewer.page.getByRole('textbox', { name: 'Chat message' })).toBeVisible({ timeout: 2000 });
  await expect(viewer.page.getByText('LIVE', { exact: true }).first()).toBeVisible({ timeout: 1 });
  console.log(`live on the waiting page ${Date.now() - started} ms after the start (answered in ${started - starting} ms)`);
  await expect(viewer.page.getByRole('button', { name: 'Remind me' })).toHaveCount(0);

  await lakshmi.page.request.patch(`/api/streams/${id}`, { data: { isLive: false } });
  await Promise.all([lakshmi.close(), viewer.close()]);
});

test("a show's end offers Watch replay and Follow; Home then leads with 'Just ended': the replay and the store's next show", async ({ browser }) => {
  test.setTimeout(600_000);
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  const lakshmi = await seller(browser, 'Lakshmi Kanjivaram House');
  const next = await scheduleShow(lakshmi.page, { title: 'Wedding silks: the new Kanjivaram colours', scheduledFor: inMinutes(26 * 60) });

  // The seller goes live from the dashboard with the camera (so the show is recorded and has a replay).
  const id = (await goLiveFromDashboard(lakshmi.page, 'Kanjivaram silk sarees, straight from the loom')).split('/').pop()!;

  // Four viewers: English and Tamil, at 390×844 and 360×740.
  const viewers = await Promise.all(
    (['en', 'ta'] as const).flatMap((code) =>
      [
        { width: 390, height: 844 },
        { width: 360, height: 740 },
      ].map(async (size) => {
        const v = await person(browser, code === 'ta' ? 'Kavin' : 'Meera', size);
        await useLanguage(v.page, code);
        // Four players decoding video would starve this machine: the video stays "Connecting…".
        await v.page.route('**/whep', () => {});
        const joined = sends(v.page, 'join_stream');
        await openApp(v.page, `/stream/${id}`);
        await joined;
        // The toaster's code loads on the first key press (decision 015): loaded now, the toast shows at once.
        await v.page.keyboard.press('Shift');
        await expect(v.page.getByRole('region', { name: /F8/ })).toBeAttached({ timeout: 30_000 });
        return { ...v, code, size, text: catalog(code) };
      }),
    ),
  );
  // Recorded for a few seconds, so the replay has something in it.
  await lakshmi.page.waitForTimeout(4000);

  expect((await lakshmi.page.request.patch(`/api/streams/${id}`, { data: { isLive: false } })).status()).toBe(200);
  // All four at once: each toast shows for 5 s.
  await Promise.all(
    viewers.map(async (v) => {
      // Radix draws each toast as a list item in the notifications region.
      const toast = v.page.locator('li').filter({ hasText: v.text.stream.ended_toast_title });
      await expect(toast).toBeVisible();
      await expect(toast.getByRole('button', { name: v.text.stream.ended_watch_replay })).toBeVisible();
      await expect(toast.getByRole('button', { name: v.text.follow.follow })).toBeVisible();
      if (SHOTS) await v.page.screenshot({ path: `${SHOTS}/end-toast-${v.code}-${v.size.width}.png` });
    }),
  );

  for (const v of viewers) {
    await expect(v.page).toHaveURL(/\/$/, { timeout: 6000 });
    const card = v.page.getByRole('region', { name: 'Kanjivaram silk sarees, straight from the loom' });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(v.text.shows.just_ended)).toBeVisible();
    await expect(card.getByRole('link', { name: v.text.shows.watch_replay })).toHaveAttribute('href', `/stream/${id}`);
    await expect(card.getByRole('link', { name: 'Wedding silks: the new Kanjivaram colours' })).toHaveAttribute('href', `/stream/${next}`);
    await expect(card.getByRole('button', { name: v.text.shows.remind_me })).toBeVisible();
    // It leads Home: above the greeting and Live Now.
    const top = await card.boundingBox();
    const liveNow = await v.page.getByRole('heading', { level: 1 }).boundingBox();
    expect(top!.y).toBeLessThan(liveNow!.y);
    // The ended show is not listed as live.
    await expect(v.page.locator(`a[href="/stream/${id}"]`, { hasText: 'LIVE' })).toHaveCount(0);
    await v.page.waitForTimeout(300);
    if (SHOTS) await v.page.screenshot({ path: `${SHOTS}/home-just-ended-${v.code}-${v.size.width}.png` });
  }

  // Watch replay plays the recorded show.
  const first = viewers[0]!;
  await first.page.getByRole('link', { name: 'Watch replay' }).click();
  await expect(first.page.getByLabel('Show replay')).toBeVisible({ timeout: 20_000 });

  await Promise.all([lakshmi.close(), ...viewers.map((v) => v.close())]);
});
