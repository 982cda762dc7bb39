import { expect, test, type Page } from '@playwright/test';
import { freshPhone, holdAppScript, signIn } from './fixtures';

// Decision 020: the landing page, home and a stream page arrive as HTML that shows the page before any
// JavaScript runs, and React takes that HTML over without replacing it.

async function liveStreamId(page: Page): Promise<string> {
  const live = (await (await page.request.get('/api/streams/live')).json()) as Array<{ id: string; title: string }>;
  const stream = live.find((s) => s.title.includes('Banarasi')) ?? live[0];
  if (!stream) throw new Error('no live stream');
  return stream.id;
}

test('pages show their content with JavaScript off', async ({ browser, page }) => {
  await signIn(page, freshPhone(), 'Kavya');
  const streamId = await liveStreamId(page);
  const stream = (await (await page.request.get(`/api/streams/${streamId}`)).json()) as { title: string; featuredProduct: { name: string } | null };

  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const visitor = await noJs.newPage();
  await visitor.goto('/');
  await expect(visitor.getByRole('heading', { name: 'Shop Live, Shop Smart' })).toBeVisible();
  await noJs.close();

  const signedIn = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, storageState: await page.context().storageState() });
  const shopper = await signedIn.newPage();
  await shopper.goto('/');
  await expect(shopper.getByRole('heading', { name: 'Live Now' })).toBeVisible();
  await expect(shopper.locator(`a[href="/stream/${streamId}"]`).first()).toBeVisible();
  await shopper.goto(`/stream/${streamId}`);
  await expect(shopper.getByRole('heading', { name: stream.title })).toBeVisible();
  // The store's follow state is in the HTML: a Follow button ready to tap, not a disabled placeholder.
  await expect(shopper.getByRole('button', { name: 'Follow', exact: true })).toBeEnabled();
  await expect(shopper.getByRole('tab', { name: 'Chat' })).toBeVisible();
  if (stream.featuredProduct) await expect(shopper.getByRole('button', { name: 'Quick Buy' })).toBeVisible();
  await signedIn.close();
});

test('React hydrates the server HTML in place, without errors, in the account’s language', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat|Server HTML was replaced/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, freshPhone(), 'Arjun');
  const streamId = await liveStreamId(page);

  // The element the server sent is marked before the app's script runs; after hydration it must still be there.
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  for (const url of ['/', `/stream/${streamId}`]) {
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForSelector('#root > *', { state: 'attached' });
    await page.evaluate(() => document.querySelector<HTMLElement>('#root > *')!.setAttribute('data-server', ''));
    await page.waitForLoadState('networkidle');
    await expect(page.locator('#root > [data-server]')).toHaveCount(1);
  }
  expect(problems).toEqual([]);

  // In Hindi, the HTML itself is Hindi: the page never flashes English first.
  const res = await page.request.patch('/api/auth/profile', { data: { language: 'hi' } });
  expect(res.ok()).toBe(true);
  const html = await (await page.request.get(`/stream/${streamId}`)).text();
  expect(html).toContain('<html lang="hi"');
  expect(html).toContain('चैट');
});

test('a shared stream link carries its preview tags for a crawler that never signs in', async ({ page, request }) => {
  await signIn(page, freshPhone());
  const streamId = await liveStreamId(page);
  const stream = (await (await page.request.get(`/api/streams/${streamId}`)).json()) as { title: string };
  const html = await (await request.get(`/stream/${streamId}`, { headers: { cookie: '' } })).text();
  expect(html).toContain(`<meta property="og:title" content="${stream.title}`);
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/[^"]+"/);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
});

test('a tap on the server-rendered page before the app has started is not lost', async ({ page }) => {
  await signIn(page, freshPhone(), 'Ishaan');
  const streamId = await liveStreamId(page);
  const release = await holdAppScript(page);
  await page.goto(`/stream/${streamId}`, { waitUntil: 'commit' });
  // Buy Now on the first product card: the HTML is there, the app is not.
  await page.getByRole('button', { name: 'Buy Now' }).first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
});
