import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { phoneShots } from './shots.js';
import { freshPhone, signIn } from './fixtures.js';

// Issue 28 in a real browser: the grievance officer's page for a visitor, the privacy notice on the
// sign-in page in Hindi, a complaint filed from Help & complaints, and the data download from
// Settings. TRUST_SHOTS=1 keeps screenshots at 390×844 and 360×740, English and Hindi.
const shots = phoneShots('TRUST_SHOTS', 'trust');

test('a visitor finds the grievance officer; a shopper reads the notice, files a complaint and downloads their data', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();

  // Signed out: the footer leads to the officer's page.
  await page.goto('/');
  await page.getByRole('link', { name: 'Grievance officer' }).click();
  await expect(page.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
  await expect(page.getByText(/within 48 hours and resolve it within 30 days/)).toBeVisible();
  await expect(page.getByRole('link', { name: /^mailto:|@/ })).toHaveAttribute('href', /^mailto:/);
  await shots(page, 'grievance-en');

  // The sign-in page says what is kept and why, in the visitor's language.
  const hindi = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'hi-IN' })).newPage();
  await hindi.goto('/api/login');
  await expect(hindi.locator('#privacy-notice')).toContainText('आपकी निजता');
  await shots(hindi, 'sign-in-notice-hi');

  const phone = freshPhone();
  await signIn(page, phone, 'Farida');
  await page.goto('/profile');
  await page.getByRole('link', { name: /Help & complaints/ }).click();
  await page.getByLabel('What is it about?').selectOption('payment');
  await page.getByLabel('What happened?').fill('I was charged twice for one order.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^Request LM-\d{6} received/)).toBeVisible();
  await expect(page.getByLabel(/^Request LM-\d{6}$/)).toContainText('I was charged twice for one order.');
  await shots(page, 'support-en');

  // Settings → Your data: the browser saves a JSON file with this user in it, and the ticket.
  await page.goto('/profile/settings');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^livemarket-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as { profile: { firstName: string }; tables: Record<string, unknown[]> };
  expect(data.profile.firstName).toBe('Farida');
  expect(data.tables.support_messages).toEqual([expect.objectContaining({ body: 'I was charged twice for one order.' })]);

  // The same pages in Hindi.
  if (shots.dir) {
    await page.request.patch('/api/auth/profile', { data: { language: 'hi' } });
    await page.evaluate(() => localStorage.setItem('language', 'hi'));
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'सहायता और शिकायतें' })).toBeVisible();
    await shots(page, 'support-hi');
    await page.goto('/grievance');
    await expect(page.getByRole('heading', { name: 'शिकायत अधिकारी' })).toBeVisible();
    await shots(page, 'grievance-hi');
    await page.goto('/profile/settings');
    await page.getByRole('button', { name: 'मेरा खाता हटाएँ' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shots(page, 'delete-account-hi');
    await page.request.patch('/api/auth/profile', { data: { language: 'en' } });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  }

  // Erasure: a tick, then the account is gone and the app is signed out; the same number starts afresh.
  await page.goto('/profile/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const sheet = page.getByRole('dialog', { name: 'Delete your account' });
  await sheet.getByLabel('I understand this cannot be undone').check();
  await shots(page, 'delete-account-en');
  await sheet.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await signIn(page, phone);
  await page.goto('/support');
  await expect(page.getByText('You have not written to us yet.')).toBeVisible();
});
