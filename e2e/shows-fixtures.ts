import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type Page } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

// Issue 13: scheduled shows, reminders, share and replays. Helpers shared by the shows specs.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A real photo for a show's thumbnail: the app's own Open Graph image, uploaded like a product photo. */
export const THUMBNAIL_FILE = path.join(ROOT, 'apps/web/public/og-image.png');

export async function newPerson(browser: Browser, name: string, options: { timezoneId?: string } = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const phone = freshPhone();
  await signIn(page, phone, name);
  return { page, phone, close: () => context.close() };
}

/** A store with products, made through the API the dashboard uses. */
export async function sellerWithProducts(page: Page, store: string, products: Array<{ name: string; price: number }>) {
  expect((await page.request.post('/api/sellers', { data: { storeName: store, description: 'Handwoven in India', category: 'fashion' } })).status()).toBe(201);
  const ids: string[] = [];
  for (const product of products) {
    const created = await page.request.post('/api/products', {
      data: { name: product.name, description: 'Made by hand', price: String(product.price), category: 'fashion', countryOfOrigin: 'IN', stockQuantity: 6 },
    });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
  }
  return ids;
}

/** A date some days ahead as India writes it on the calendar (YYYY-MM-DD), whatever this machine's zone. */
export function istDate(daysAhead: number): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
}

/** The instant an IST date and time name. */
export const istInstant = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();

/** Announces a show through the API (the sheet itself is driven in shows.spec.ts). */
export async function scheduleShow(page: Page, body: { title: string; scheduledFor: string; productIds?: string[]; thumbnailUrl?: string; description?: string }) {
  const res = await page.request.post('/api/streams', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Uploads the thumbnail photo as the sheet does (the product-photo route) and returns its imageUrl. */
export async function uploadThumbnail(page: Page, file: Buffer) {
  const res = await page.request.post('/api/uploads/product-image', { data: file, headers: { 'content-type': 'image/png' } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

/** Opens a page and waits for the app to take the server-rendered HTML over. */
export async function openApp(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => !('__liveMarketEarlyTaps' in window));
}

export type RecordedShow = {
  streamId: string;
  productName: string;
  chatLine: string;
  /** How long the seller was live, from "You're live" to clicking End Stream's confirm. */
  showSeconds: number;
  /** From "You're live" to the server having ended the show (the seller's page is back on the dashboard). */
  endedSeconds: number;
};

/**
 * A 10-second recorded show (recording is on unless switched off): the seller goes live from the
 * dashboard's sheet with Chromium's fake camera, the seller features a product at ~4 s, a viewer says
 * something at ~6 s, and the seller ends it at 10 s.
 */
export async function recordTenSecondShow(browser: Browser): Promise<RecordedShow> {
  const seller = await newPerson(browser, 'Priyanka');
  const viewer = await newPerson(browser, 'Aarav');
  const productName = 'Bandhani dupatta';
  const chatLine = 'Is the bandhani hand-tied?';
  await sellerWithProducts(seller.page, 'Priyanka Bandhani', [{ name: productName, price: 1299 }]);

  await seller.page.goto('/seller/dashboard');
  await seller.page.getByRole('button', { name: 'Go Live Now' }).click();
  const sheet = seller.page.getByRole('dialog', { name: 'Start Live Stream' });
  await sheet.getByLabel('Stream title').fill('Bandhani from Jamnagar');
  await expect(sheet.getByRole('switch', { name: 'Record this show' })).toBeChecked();
  await sheet.getByRole('button', { name: 'Go Live', exact: true }).click();
  await expect(seller.page).toHaveURL(/\/stream\/[0-9a-f-]{36}$/);
  const streamId = new URL(seller.page.url()).pathname.split('/').pop()!;
  await expect(seller.page.getByText("You're live")).toBeVisible({ timeout: 20_000 });
  const liveAt = Date.now();

  await openApp(viewer.page, `/stream/${streamId}`);

  await seller.page.waitForTimeout(Math.max(0, liveAt + 4000 - Date.now()));
  await seller.page.getByRole('button', { name: 'Feature', exact: true }).first().click();
  await expect(viewer.page.getByText('Featured Now')).toBeVisible();

  await viewer.page.waitForTimeout(Math.max(0, liveAt + 6000 - Date.now()));
  const input = viewer.page.getByRole('textbox', { name: 'Chat message' });
  await input.fill(chatLine);
  await input.press('Enter');
  await expect(seller.page.getByText(chatLine)).toBeVisible();

  await seller.page.waitForTimeout(Math.max(0, liveAt + 10_000 - Date.now()));
  await seller.page.getByRole('button', { name: 'End Stream' }).click();
  const confirm = seller.page.getByRole('dialog', { name: 'End your live show?' });
  await confirm.getByRole('button', { name: 'End Stream' }).click();
  const showSeconds = (Date.now() - liveAt) / 1000;
  await expect(seller.page).toHaveURL(/\/seller\/dashboard$/, { timeout: 5000 });
  const endedSeconds = (Date.now() - liveAt) / 1000;
  await Promise.all([seller.close(), viewer.close()]);
  return { streamId, productName, chatLine, showSeconds, endedSeconds };
}

/** The replay once the server has finished writing the recording. */
export async function waitForReplay(page: Page, streamId: string) {
  let replay: { durationSeconds: number; featured: Array<{ atSeconds: number; product: { name: string } }>; chat: Array<{ atSeconds: number; message: { message: string } }> } | null = null;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/streams/${streamId}/replay`);
        if (res.status() === 200) replay = await res.json();
        return res.status();
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe(200);
  return replay!;
}
