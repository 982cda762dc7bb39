import { mkdirSync, readFileSync } from 'node:fs';
import { expect as baseExpect, type Browser, type Page } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

// Issue 25, items 20 and 21: a new shopper on a 360 px phone, in Bengali or Tamil, on a weak network.
// WEAK_NETWORK_SHOTS=<folder> saves the screens looked at, at 390×844 and 360×740.

// Generous waits: on a busy two-core machine a lazily loaded sheet or the toaster can take many seconds.
export const expect = baseExpect.configure({ timeout: 45_000 });

export const SHOTS = process.env.WEAK_NETWORK_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
export type Catalog = Record<string, Record<string, string>>;
export const catalog = (code: string) => JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${code}.json`, import.meta.url), 'utf8')) as Catalog;
export const bn = catalog('bn');
export const ta = catalog('ta');

export const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

/** Screenshots the page at both phone sizes (the same state), named `<name>-<lang>-<width>.png`. */
export async function shoot(page: Page, name: string, lang: string) {
  if (!SHOTS) return;
  for (const size of PHONES) {
    await page.setViewportSize(size);
    // Layout settles (fixed strips measure themselves) before the picture.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${size.width}.png` });
  }
  await page.setViewportSize(PHONES[0]!);
}

/** Sets the app's language as the picker does (this device and the account), and reloads into it. */
export async function useLanguage(page: Page, code: string) {
  expect((await page.request.patch('/api/auth/profile', { data: { language: code } })).status()).toBe(200);
  await page.evaluate((c) => localStorage.setItem('language', c), code);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

/** A new seller with one product (with a photo) and a live show, made through the API the dashboard uses. */
export async function sellerWithLiveShow(browser: Browser, store: string, product: { name: string; price: number }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, freshPhone(), 'Lakshmi');
  expect((await page.request.post('/api/sellers', { data: { storeName: store, description: 'Handwoven in Karnataka', category: 'fashion' } })).status()).toBe(201);
  const created = await page.request.post('/api/products', {
    data: { name: product.name, description: 'Made by hand', price: String(product.price), category: 'fashion', countryOfOrigin: 'IN', stockQuantity: 5, imageUrl: '/demo/saree.svg' },
  });
  expect(created.status()).toBe(201);
  const stream = await page.request.post('/api/streams', { data: { title: `${store} live` } });
  expect(stream.status()).toBe(201);
  const streamId = ((await stream.json()) as { id: string }).id;
  // The seller stays in the show's room (no camera needed), so the show is not ended as abandoned after
  // two minutes while a slow machine runs the test.
  await page.evaluate(
    (id) =>
      new Promise<void>((resolve) => {
        const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws`);
        Object.assign(window, { ownerSocket: socket });
        socket.onopen = () => {
          socket.send(JSON.stringify({ type: 'join_stream', streamId: id }));
          resolve();
        };
      }),
    streamId,
  );
  return { context, page, streamId };
}

export const ADDRESS = { name: 'Meera Iyer', phone: '9845012345', pincode: '560034', state: 'Karnataka', city: 'Bengaluru', line1: '12, 4th Cross, Koramangala' };

/** From the profile, opens My Orders once online, comes back, goes offline and opens it again: stale data, no fetch. */
export async function ordersOffline(page: Page, context: { setOffline: (offline: boolean) => Promise<void> }) {
  const orders = page.locator('main a[href="/orders"]');
  await orders.click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.locator('main article, main h2').first()).toBeVisible();
  await page.locator('header a[href="/profile"]').click();
  await expect(orders).toBeVisible();
  await context.setOffline(true);
  await orders.click();
  await expect(page).toHaveURL(/\/orders$/);
}
