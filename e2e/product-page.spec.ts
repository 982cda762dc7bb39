import { expect, test } from '@playwright/test';
import { phoneShots } from './shots.js';
import { freshPhone, signIn } from './fixtures.js';

// Issue 28, item 2, in a real browser: a shopper taps a product on a show and reads what the rules ask
// a listing to say (price against MRP, country of origin, the return policy, who sells it with their
// GSTIN), then buys from the sheet and sees the seller named at checkout. PRODUCT_SHOTS=1 keeps
// screenshots at 390×844 and 360×740, English and Hindi.
const shots = phoneShots('PRODUCT_SHOTS', 'product-page');

test('a product sheet says what it costs against the MRP, where it is made, its returns and who sells it', async ({ browser }) => {
  test.setTimeout(120_000);
  const seller = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(seller, freshPhone(), 'Anjali');
  expect((await seller.request.post('/api/sellers', { data: { storeName: 'Kashi Weaves', description: 'Banarasi silk from Varanasi', category: 'fashion' } })).status()).toBe(201);
  const business = await seller.request.put('/api/seller/business', {
    data: { legalName: 'Kashi Banarasi Weaves', address: 'D 47/112 Ramapura, Luxa, Varanasi 221010', stateCode: '09', gstin: '09AAKFK2231M1ZQ' },
  });
  expect(business.status(), await business.text()).toBe(200);
  const product = await seller.request.post('/api/products', {
    data: { name: 'Katan silk saree', description: 'Pure katan silk with zari work', price: '12999', originalPrice: '15999', category: 'fashion', countryOfOrigin: 'IN', returnDays: 10, stockQuantity: 3, imageUrl: '/demo/saree.svg' },
  });
  expect(product.status(), await product.text()).toBe(201);
  const stream = await seller.request.post('/api/streams', { data: { title: 'Banarasi silk, live' } });
  const streamId = ((await stream.json()) as { id: string }).id;

  const buyer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(buyer, freshPhone(), 'Ritu');
  await buyer.goto(`/stream/${streamId}`);
  await buyer.getByRole('button', { name: 'About Katan silk saree' }).click();
  const sheet = buyer.getByRole('dialog', { name: 'Katan silk saree' });
  await expect(sheet.getByText('Kashi Banarasi Weaves')).toBeVisible({ timeout: 15_000 });
  await expect(sheet.getByText('₹12,999.00')).toBeVisible();
  await expect(sheet.locator('s')).toHaveText('₹15,999.00');
  await expect(sheet.getByText('19% off')).toBeVisible();
  await expect(sheet.getByText('Inclusive of all taxes')).toBeVisible();
  await expect(sheet.getByText('Only 3 left')).toBeVisible();
  await expect(sheet.getByText('India', { exact: true })).toBeVisible();
  await expect(sheet.getByText('10-day returns')).toBeVisible();
  await expect(sheet.getByText('GSTIN 09AAKFK2231M1ZQ')).toBeVisible();
  await expect(sheet.getByText('D 47/112 Ramapura, Luxa, Varanasi 221010, Uttar Pradesh')).toBeVisible();
  // The store is new: its rating says so rather than inventing one.
  await expect(sheet.getByText('New', { exact: true })).toBeVisible();
  await shots(buyer, 'product-sheet-en');
  await sheet.getByText('GSTIN 09AAKFK2231M1ZQ').scrollIntoViewIfNeeded();
  await shots(buyer, 'product-sheet-sold-by-en');

  // Buy Now from the sheet: the checkout names the seller and the terms.
  await sheet.getByRole('button', { name: 'Buy Now' }).click();
  const soldBy = buyer.getByTestId('sold-by');
  await expect(soldBy).toContainText('Sold by Kashi Banarasi Weaves', { timeout: 15_000 });
  await expect(soldBy).toContainText('10-day returns · Country of origin: India');
  await shots(buyer, 'checkout-sold-by-en');

  // The same sheet in Hindi: the country named in Hindi by the browser.
  await buyer.request.patch('/api/auth/profile', { data: { language: 'hi' } });
  await buyer.evaluate(() => localStorage.setItem('language', 'hi'));
  await buyer.goto(`/stream/${streamId}`);
  await buyer.getByRole('button', { name: 'Katan silk saree के बारे में' }).click();
  const hindi = buyer.getByRole('dialog', { name: 'Katan silk saree' });
  await expect(hindi.getByText('10 दिन में वापसी')).toBeVisible({ timeout: 15_000 });
  await expect(hindi.getByText('भारत', { exact: true })).toBeVisible();
  await expect(hindi.getByText('सभी करों सहित')).toBeVisible();
  await shots(buyer, 'product-sheet-hi');
  await hindi.getByText('GSTIN 09AAKFK2231M1ZQ').scrollIntoViewIfNeeded();
  await expect(hindi.getByText('D 47/112 Ramapura, Luxa, Varanasi 221010, उत्तर प्रदेश')).toBeVisible();
  await shots(buyer, 'product-sheet-sold-by-hi');
});
