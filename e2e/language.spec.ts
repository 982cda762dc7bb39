import { expect, test } from '@playwright/test';
import { freshPhone, holdAppScript, signIn, signInOnPage } from './fixtures.js';

test('the language picker switches to Hindi and the choice survives a reload', async ({ page }) => {
  await signIn(page, freshPhone(), 'Meena');
  // The bottom navigation; its accessible name is translated too, so find it by position.
  const nav = page.getByRole('navigation').last();
  await expect(nav.getByText('Home', { exact: true })).toBeVisible();

  await page.getByLabel('Language').selectOption('hi');
  await expect(nav.getByText('होम', { exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('hi');

  await page.reload();
  await expect(nav.getByText('होम', { exact: true })).toBeVisible();
  // The picker's own label is in Hindi now.
  await expect(page.getByLabel('भाषा')).toHaveValue('hi');

  await page.getByLabel('भाषा').selectOption('en');
  await expect(nav.getByText('Home', { exact: true })).toBeVisible();
});

test('a visitor picks Tamil on the landing page, signs in in Tamil, and the new account keeps Tamil on another phone', async ({ browser }) => {
  const phone = freshPhone();
  const first = await browser.newPage();
  await first.goto('/');
  await first.getByLabel('Language').selectOption('ta');
  await expect(first.locator('html')).toHaveAttribute('lang', 'ta');
  // Get Started goes to the sign-in page, which follows the choice.
  await first.locator('header button').last().click();
  await expect(first).toHaveURL(/\/api\/login/);
  await expect(first.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(first.locator('#language')).toHaveValue('ta');
  await first.locator('#phone').fill(phone);
  await first.locator('#start button[type="submit"]').click();
  await expect(first.locator('#dev-code')).toHaveText(/^\d{6}$/);
  await first.locator('#code').fill((await first.locator('#dev-code').textContent())!.trim());
  await first.locator('#verify button[type="submit"]').click();
  await expect(first).toHaveURL(/\/$/);
  await expect(first.locator('html')).toHaveAttribute('lang', 'ta');
  expect(((await (await first.request.get('/api/auth/user')).json()) as { language: string }).language).toBe('ta');

  // A second phone: English by default until the account is known, then Tamil.
  const second = await browser.newPage();
  await second.goto('/api/login?lang=en');
  await signInOnPage(second, phone);
  await expect(second).toHaveURL(/\/$/);
  await expect(second.locator('html')).toHaveAttribute('lang', 'ta');
  // The app keeps the account's choice on this device once it has started.
  await expect.poll(() => second.evaluate(() => localStorage.getItem('language'))).toBe('ta');
  await first.close();
  await second.close();
});

test('the sign-in page has its own picker: choosing Bengali reloads it in Bengali and keeps where to go after', async ({ page }) => {
  await page.goto('/api/login?returnTo=%2Forders');
  await page.getByLabel('Language').selectOption('bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveURL(/lang=bn/);
  await expect(page).toHaveURL(/returnTo=%2Forders/);
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('bn');
  await expect(page.locator('h1').first()).toHaveText(/\p{Script=Bengali}/u);
});

test('a language picked on the server-rendered landing page before the app has started still applies', async ({ page }) => {
  // Hold the app's script back so the pick lands on HTML React has not taken over yet.
  const release = await holdAppScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Language').selectOption('bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  release();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Shop Live, Shop Smart');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('bn');
});
