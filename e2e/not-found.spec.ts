import { expect, test } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

test('signed out, any path but / is the not-found page', async ({ page }) => {
  for (const path of ['/profile', '/streams', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found');
  }
});

test('signed in, unknown paths are not found but every spec route opens', async ({ page }) => {
  await signIn(page, freshPhone(), 'Vikram');
  await page.goto('/definitely-not-a-route');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();

  const routes = ['/streams', '/profile', '/profile/settings', '/become-seller', '/wishlist', '/orders', '/notifications',
    '/stream/00000000-0000-4000-8000-000000000000', '/seller/dashboard', '/seller/analytics', '/seller/verification', '/support', '/grievance', '/admin'];
  for (const path of routes) {
    await page.goto(path);
    await expect(page.locator('main, body').first()).toBeVisible();
    await expect(page.getByText('404 Page Not Found'), path).toHaveCount(0);
  }
});
