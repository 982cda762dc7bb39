import { expect, test, type Page } from '@playwright/test';
import { freshPhone, holdAppScript, signIn } from './fixtures.js';
import { phoneShots } from './shots.js';

// Issue 29: Home leads with the For-you row; a category tile opens the category's own page.
// FEED_SHOTS=1 keeps screenshots at 390×844 and 360×740, English and Hindi.
const shots = phoneShots('FEED_SHOTS', 'feed');

async function toHindi(page: Page) {
  await page.request.patch('/api/auth/profile', { data: { language: 'hi' } });
  await page.evaluate(() => localStorage.setItem('language', 'hi'));
}

test('Home shows For you first; the Jewelry tile opens /category/jewelry with its products', async ({ page }) => {
  await signIn(page, freshPhone(), 'Nisha');
  // Server-rendered: before the app's script runs, Home already leads with the row (its skeleton).
  const release = await holdAppScript(page);
  await page.goto('/');
  await expect(page.locator('main h2').first()).toHaveText('For you');
  release();
  const forYou = page.getByRole('region', { name: 'For you' });
  await expect(forYou.getByRole('listitem').first()).toBeVisible();
  // Nothing just ended for a new shopper: For you is the first section of Home.
  await expect(page.locator('main h2').first()).toHaveText('For you');
  await shots(page, 'home-en');

  await page.getByRole('link', { name: /^Jewelry/ }).click();
  await expect(page).toHaveURL(/\/category\/jewelry$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Jewelry' })).toBeVisible();
  const products = page.getByRole('region', { name: 'Products' });
  await expect(products.getByRole('listitem').first()).toBeVisible();
  await shots(page, 'category-en');

  // A product opens its sheet.
  await products.getByRole('listitem').first().getByRole('button').click();
  await expect(page.getByRole('dialog')).toBeVisible();

  if (shots.dir) {
    await toHindi(page);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'आपके लिए' }).getByRole('listitem').first()).toBeVisible();
    await shots(page, 'home-hi');
    await page.goto('/category/jewelry');
    await expect(page.getByRole('region', { name: 'उत्पाद' }).getByRole('listitem').first()).toBeVisible();
    await shots(page, 'category-hi');
  }

  await page.goto('/category/cars');
  await expect(page.getByText(/404/)).toBeVisible();
});
