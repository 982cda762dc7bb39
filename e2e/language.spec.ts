import { expect, test } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

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
  await expect(page.getByLabel('Language')).toHaveValue('hi');

  await page.getByLabel('Language').selectOption('en');
  await expect(nav.getByText('Home', { exact: true })).toBeVisible();
});
