import { test } from '@playwright/test';
import { freshPhone, signIn, signInOnPage } from './fixtures.js';
import { expect, SHOTS, catalog, bn, ta, PHONES, shoot, useLanguage, sellerWithLiveShow, ADDRESS } from './weak-network-fixtures.js';

// Issue 25, item 21: what a new shopper tripped on, in English, Bengali or Tamil, at 390×844 and 360×740.

test('the orders list names what was bought, with its photo, in English and Bengali', async ({ browser }) => {
  test.setTimeout(420_000);
  const seller = await sellerWithLiveShow(browser, 'Lakshmi Handlooms', { name: 'Ilkal silk saree with temple border', price: 2199 });
  const productId = ((await (await seller.page.request.get(`/api/streams/${seller.streamId}/products`)).json()) as { id: string }[])[0]!.id;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, freshPhone(), 'Meera');
  const addressId = ((await (await page.request.post('/api/addresses', { data: ADDRESS })).json()) as { id: string }).id;
  const placed = await page.request.post('/api/orders', {
    data: { items: [{ productId, quantity: 2 }], addressId, paymentMethod: 'cod', streamId: seller.streamId, idempotencyKey: crypto.randomUUID() },
  });
  expect(placed.status()).toBe(201);

  await page.goto('/orders');
  const card = page.getByRole('article').first();
  await expect(card.getByText('Ilkal silk saree with temple border')).toBeVisible();
  await expect(card.getByText(/Lakshmi Handlooms/)).toBeVisible();
  await expect(card.getByText('× 2')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /\/demo\/saree/);
  await shoot(page, 'orders', 'en');
  await useLanguage(page, 'bn');
  await expect(page.getByRole('article').first().getByText('Ilkal silk saree with temple border')).toBeVisible();
  await shoot(page, 'orders', 'bn');

  await seller.context.close();
  await context.close();
});

test('settings offer the language, and a push switch the browser blocks says off and how to allow it', async ({ page }) => {
  test.setTimeout(300_000);
  // The browser has blocked notifications for the site (a person said Block to its prompt once).
  await page.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
  await signIn(page, freshPhone(), 'Sunita');
  expect((await page.request.patch('/api/auth/profile', { data: { pushEnabled: true } })).status()).toBe(200);
  await page.goto('/profile/settings');
  const push = page.getByRole('switch', { name: 'Push notifications' });
  await expect(push).not.toBeChecked();
  await expect(push).toBeDisabled();
  await expect(page.getByText('Blocked in this browser')).toBeVisible();
  const language = page.getByRole('combobox', { name: 'Language' });
  await language.scrollIntoViewIfNeeded();
  await shoot(page, 'settings', 'en');

  await language.selectOption('ta');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(page.getByRole('heading', { name: ta.settings!.language_title! })).toBeVisible();
  await expect(page.getByText(ta.push!.blocked_title!)).toBeVisible();
  await shoot(page, 'settings', 'ta');
  // The choice stays with the account: a reload keeps it.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
});

test('on a show, a toast sits above the bottom navigation, covering neither Back nor the top of the video', async ({ browser }) => {
  test.setTimeout(420_000);
  const seller = await sellerWithLiveShow(browser, 'Channapatna Toys', { name: 'Wooden rocking horse', price: 1299 });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, freshPhone(), 'Arjun');
  await page.goto(`/stream/${seller.streamId}`);
  const en = catalog('en');
  for (const [lang, texts] of [['en', en], ['bn', bn]] as const) {
    if (lang === 'bn') await useLanguage(page, 'bn');
    // Follow, then (in Bengali) Unfollow: each says so in a toast.
    const follow = page.locator('main button[aria-pressed]').first();
    await expect(follow).toBeVisible({ timeout: 90_000 });
    await follow.click();
    const toast = page.getByRole('region', { name: texts.toast!.region!.replace('{hotkey}', 'F8') }).locator('li').first();
    await expect(toast).toBeVisible();
    // The pointer on it holds it open (Radix pauses its 5 s) while it is measured at both sizes.
    await toast.hover();
    for (const size of PHONES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      const [box, back, nav, video] = await Promise.all([
        toast.boundingBox(),
        page.getByRole('link', { name: texts.common!.back! }).first().boundingBox(),
        page.getByRole('navigation', { name: texts.nav!.main! }).boundingBox(),
        page.locator('main .bg-black').first().boundingBox(),
      ]);
      expect(box!.y, 'below the Back button').toBeGreaterThan(back!.y + back!.height);
      expect(box!.y, 'below the video, where a deal shows its price').toBeGreaterThanOrEqual(video!.y + video!.height);
      expect(box!.y + box!.height, 'above the bottom navigation').toBeLessThanOrEqual(nav!.y + 1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/stream-toast-${lang}-${size.width}.png` });
    }
    await page.setViewportSize(PHONES[0]!);
    // Swiping it right past 50 px still dismisses it.
    const box = (await toast.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect(toast).toBeHidden({ timeout: 30_000 });
  }
  await seller.context.close();
  await context.close();
});

test("'Become a Seller' on the landing page comes back to the store form after sign-in", async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Shop Live, Shop Smart' })).toBeVisible();
  await page.getByRole('button', { name: 'Become a Seller' }).click();
  await expect(page).toHaveURL(/\/api\/login\?returnTo=%2Fbecome-seller$/);
  await signInOnPage(page, freshPhone(), 'Farida');
  await expect(page).toHaveURL(/\/become-seller$/);
  await expect(page.getByRole('heading', { name: 'Create Your Store' })).toBeVisible();
});
