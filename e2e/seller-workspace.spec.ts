import { expect, test } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

// A 120×90 orange PNG, as a phone camera would hand over a photo file.
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAHgAAABaCAIAAAD8YgW4AAAACXBIWXMAAAPoAAAD6AG1e1JrAAABMUlEQVR4nO3UAQkAMQzF0Iqc8xg6FbfAUngCwqd0OLP4f4Rdee7c2Q49O/S89NP8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Ahr8Aho+qKSgId9uL4UAAAAASUVORK5CYII=', 'base64');
const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);
const count = (n: number) => new Intl.NumberFormat('en-IN').format(n);

test('a shopper opens a store, adds and edits a product with a photo, and applies for verification', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, freshPhone(), 'Farah');
  await page.goto('/become-seller');
  await page.getByLabel('Store name').fill('Farah Chikankari');
  await page.getByLabel('Category').selectOption({ label: 'Fashion' });
  await page.getByLabel('Description').fill('Hand-embroidered Lucknowi kurtas');
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  await expect(page.getByText('Farah Chikankari').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Verified' })).toBeVisible();

  // Add a product with a photo.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await page.getByLabel('Product name').fill('Chikankari kurta');
  await page.getByLabel('Price', { exact: true }).fill('1899');
  await page.getByLabel('Original price').fill('2499');
  await page.getByLabel('Stock quantity').fill('7');
  await page.getByLabel('Packed weight (grams)').fill('350');
  await page.getByLabel('Country of origin').selectOption('IN');
  await page.getByLabel('Product photo').setInputFiles({ name: 'kurta.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(page.getByText('Photo uploaded')).toBeVisible();
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText('Product Added', { exact: true })).toBeVisible();
  const image = page.locator('img[src^="/uploads/products/"]').first();
  await expect(image).toBeVisible();
  // Visible means laid out; wait for the bytes to arrive and decode.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  // The AVIF copy, and the smallest width that is sharp enough for a 64 px thumbnail at 2×.
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/uploads\/products\/[0-9a-f-]{36}\/320\.avif$/);

  // Edit it.
  await page.getByRole('button', { name: 'Edit Chikankari kurta' }).click();
  await expect(page.getByLabel('Product name')).toHaveValue('Chikankari kurta');
  await expect(page.getByLabel('Packed weight (grams)')).toHaveValue('350');
  await page.getByLabel('Product name').fill('Chikankari kurta (white)');
  await page.getByRole('button', { name: 'Save Product' }).click();
  await expect(page.getByText('Product Updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Chikankari kurta (white)').first()).toBeVisible();

  // Verification wizard: intro → business information → success.
  await page.goto('/seller/verification');
  await page.getByRole('button', { name: 'Start Verification' }).click();
  await page.getByLabel('Business name').fill('Farah Chikankari');
  await page.getByLabel('Business address').fill('Aminabad, Lucknow, Uttar Pradesh');
  await page.getByLabel('Business phone').fill('9876501234');
  await page.getByLabel('PAN number').fill('AAPXU0939F');
  await page.getByRole('button', { name: 'Submit for Verification' }).click();
  await expect(page.getByText('Enter a valid PAN, like ABCPE1234F')).toBeVisible();
  await page.getByLabel('PAN number').fill('AAPFU0939F');
  await page.getByLabel('GST number (optional)').fill('27AAPFU0939F1ZV');
  await page.getByRole('button', { name: 'Submit for Verification' }).click();
  await expect(page.getByRole('heading', { name: 'Verification Submitted' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
});

test("analytics shows the demo seller's figures", async ({ page }) => {
  await signIn(page, '9876543210');
  const me = await (await page.request.get('/api/auth/user')).json();
  type Stream = { title: string; viewerCount: number; isLive: boolean; startedAt: string; endedAt: string | null };
  const streams: Stream[] = await (await page.request.get(`/api/streams/seller/${me.id}`)).json();
  const orders: Array<{ totalAmount: string; status: string; paymentStatus: string }> = await (await page.request.get(`/api/orders/seller/${me.id}`)).json();
  // Everything in the seed is within a year, so the Year view counts all of it (SPEC section 9's formulas).
  const revenuePaise = orders.filter((o) => o.paymentStatus === 'paid' || o.status === 'delivered').reduce((sum, o) => sum + Math.round(Number(o.totalAmount) * 100), 0);
  const viewers = streams.reduce((sum, s) => sum + s.viewerCount, 0);
  const ended = streams.filter((s) => !s.isLive && s.endedAt);
  const minutes = ended.map((s) => (Date.parse(s.endedAt!) - Date.parse(s.startedAt)) / 60_000);
  const best = [...ended].sort((a, b) => b.viewerCount - a.viewerCount)[0]!;
  expect(ended.length).toBeGreaterThanOrEqual(6); // the seed's ended shows

  await page.goto('/seller/analytics');
  await expect(page.getByText('Last 30 days')).toBeVisible();
  await page.getByRole('tab', { name: 'Year' }).or(page.getByRole('button', { name: 'Year' })).first().click();
  await expect(page.getByText('Last 365 days')).toBeVisible();
  // Each figure sits next to its label: read it there, so an equal number elsewhere cannot pass for it.
  const figure = (label: string) => page.getByText(label, { exact: true }).locator('xpath=..');
  await expect(figure('Total Revenue')).toContainText(inr(revenuePaise / 100));
  await expect(figure('Total Orders')).toContainText(new RegExp(`^Total Orders${count(orders.length)}$`));
  await expect(figure('Total Viewers')).toContainText(new RegExp(`^Total Viewers${count(viewers)}$`));
  await expect(figure('Conversion Rate')).toContainText(`${((orders.length / viewers) * 100).toFixed(2)}%`);
  await expect(figure('Total Streams')).toContainText(new RegExp(`^Total Streams${count(streams.length)}$`));
  const averageMinutes = Math.round(minutes.reduce((sum, m) => sum + m, 0) / minutes.length);
  await expect(figure('Avg. Stream Duration')).toContainText(`${count(averageMinutes)} min`);
  await expect(figure('Avg. Viewers per Stream')).toContainText(new RegExp(`^Avg\\. Viewers per Stream${count(Math.round(viewers / streams.length))}$`));

  const top = page.getByRole('heading', { name: 'Top Performing Streams' }).locator('..');
  await expect(top.locator('li')).toHaveCount(Math.min(5, ended.length));
  await expect(top.locator('li').first()).toContainText(best.title);
  await expect(top.locator('li').first()).toContainText(`${count(best.viewerCount)} viewers`);
  await expect(page.getByText('Your streams perform best between 7-9 PM IST')).toBeVisible();
  await expect(page.getByText('Using polls increases viewer engagement by 45%')).toBeVisible();
});

test('a seller makes a stream key for OBS: shown once with the WHIP server, then only when it was made', async ({ page }) => {
  await signIn(page, freshPhone(), 'Meher');
  await page.goto('/become-seller');
  await page.getByLabel('Store name').fill('Meher Studio');
  await page.getByLabel('Category').selectOption({ label: 'Jewelry' });
  await page.getByLabel('Description').fill('Kundan and polki sets, live every evening');
  await page.getByRole('button', { name: 'Create Store' }).click();
  await expect(page).toHaveURL(/\/seller\/dashboard$/);
  const card = page.getByRole('region', { name: 'Go live from OBS or Larix' });
  await expect(card.getByText('No stream key yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Create stream key' }).click();
  await expect(card.getByText('Copy the key now: it is shown only this once.', { exact: false })).toBeVisible();
  await expect(card.getByLabel('Server (WHIP)', { exact: true })).toHaveValue(/\/api\/whip$/);
  await expect(card.getByLabel('Stream key', { exact: true })).toHaveValue(/^lmk_[\w-]{43}$/);
  await page.reload();
  await expect(card.getByText(/^Your stream key was made on /)).toBeVisible();
  await expect(card.getByLabel('Stream key', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'New stream key' })).toBeVisible();
});
