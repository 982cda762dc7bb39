import { expect, test } from '@playwright/test';
import { freshPhone, signInOnPage } from './fixtures.js';

test('a newcomer signs in with a phone code, edits the profile and logs out', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shop Live, Shop Smart' })).toBeVisible();
  await page.getByRole('button', { name: 'Get Started' }).or(page.getByRole('link', { name: 'Get Started' })).first().click();

  await signInOnPage(page, freshPhone(), 'Ananya');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Welcome back, Ananya!')).toBeVisible();
  // Every live show has its card linking to its page. Which are live depends on earlier tests: the demo
  // seller's own show ends two minutes after her camera left it (engagement.spec opens it as the owner).
  const live = (await (await page.request.get('/api/streams/live')).json()) as { id: string; title: string }[];
  expect(live.length).toBeGreaterThanOrEqual(1);
  for (const show of live) await expect(page.locator(`a[href="/stream/${show.id}"]`).getByText(show.title)).toBeVisible();
  await expect(page.getByText('watching').first()).toBeVisible();

  await page.goto('/profile/settings');
  await expect(page.getByLabel('First name')).toHaveValue('Ananya');
  await expect(page.getByLabel('E-mail')).toBeDisabled();
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await page.getByLabel('First name').fill('Ananya');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByText('Ananya').first()).toBeVisible();
  await page.getByRole('link', { name: /log ?out/i }).or(page.getByRole('button', { name: /log ?out/i })).first().click();
  await expect(page.getByRole('heading', { name: 'Shop Live, Shop Smart' })).toBeVisible();
  // Signed out again: the profile no longer exists for this browser.
  await page.goto('/profile');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});
