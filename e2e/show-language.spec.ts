import { expect, test, type Page } from '@playwright/test';
import { phoneShots } from './shots.js';
import { istDate, newPerson, openApp } from './shows-fixtures.js';

// Issue 29: a show is in one of the ten languages; /streams and Home filter by it, the choice kept on the phone.
// SHOW_LANGUAGE_SHOTS=1 also saves the screens in English and Tamil at 390×844 and 360×740.

const shots = phoneShots('SHOW_LANGUAGE_SHOTS', 'show-language');

/** The app's own picker (on Home), as a person switches: the profile keeps Tamil. */
async function inTamil(page: Page) {
  await openApp(page, '/');
  await page.getByLabel('Language', { exact: true }).selectOption('ta');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
}

test('a seller schedules a show in Tamil; a shopper filters /streams by Tamil and sees it', async ({ browser }) => {
  const seller = await newPerson(browser, 'Kavya');
  expect((await seller.page.request.post('/api/sellers', { data: { storeName: 'Kavya Silks', description: 'Kanchipuram weaves', category: 'fashion' } })).status()).toBe(201);
  await seller.page.goto('/seller/dashboard');
  await seller.page.getByRole('button', { name: 'Schedule a show' }).click();
  const sheet = seller.page.getByRole('dialog', { name: 'Start Live Stream' });
  await sheet.getByLabel('Stream title').fill('Kanchipuram pattu, Tamil special');
  await sheet.getByLabel('Date').fill(istDate(1));
  await sheet.getByLabel('Time (IST)').fill('18:30');
  // The app is in English, so English is chosen until the seller says otherwise.
  const language = sheet.getByLabel('Language of the show');
  await expect(language).toHaveValue('en');
  await language.selectOption('ta');
  await shots(seller.page, 'sheet-en');
  await sheet.getByRole('button', { name: 'Schedule show' }).click();
  await expect(seller.page.getByText('Show scheduled', { exact: true })).toBeVisible();

  const shopper = await newPerson(browser, 'Rahul');
  await openApp(shopper.page, '/streams');
  const upcoming = shopper.page.getByRole('region', { name: 'Upcoming' });
  // The demo's Marathi show is listed while every language is.
  await expect(upcoming.getByText('Festive Kurta and Kolhapuri Drop')).toBeVisible();
  await shopper.page.getByRole('button', { name: 'Filter' }).click();
  await shopper.page.getByRole('dialog', { name: 'Language of shows' }).getByRole('button', { name: 'தமிழ்' }).click();

  const card = upcoming.getByRole('article', { name: 'Kanchipuram pattu, Tamil special' });
  await expect(card).toBeVisible();
  await expect(card.getByText('தமிழ்', { exact: true })).toBeVisible();
  await expect(upcoming.getByText('Festive Kurta and Kolhapuri Drop')).toHaveCount(0);
  // No live show is in Tamil: the list says so and offers every language.
  await expect(shopper.page.getByText('No live shows in தமிழ் right now.')).toBeVisible();
  await shots(shopper.page, 'streams-en');

  // The choice stays on the phone: Home's chips have it too.
  await openApp(shopper.page, '/');
  await expect(shopper.page.getByRole('list', { name: 'Shows spoken in' }).getByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
  await shots(shopper.page, 'home-en');

  if (shots.dir) {
    await inTamil(shopper.page);
    await shots(shopper.page, 'home-ta');
    await openApp(shopper.page, '/streams');
    await shots(shopper.page, 'streams-ta');
    await shopper.page.getByRole('button', { name: 'எல்லா மொழிகளையும் காட்டு' }).click();
    await shots(shopper.page, 'streams-all-ta');
    await inTamil(seller.page);
    await openApp(seller.page, '/seller/dashboard');
    await seller.page.getByRole('button', { name: 'நிகழ்ச்சியைத் திட்டமிடு' }).click();
    await expect(seller.page.getByRole('dialog').locator('select')).toHaveValue('ta');
    await shots(seller.page, 'sheet-ta');
  }
  await Promise.all([seller.close(), shopper.close()]);
});
