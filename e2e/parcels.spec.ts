import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { phoneShots } from './shots.js';
import { freshPhone, signIn } from './fixtures.js';

// Issue 27 in a real browser: the buyer types a PIN code (city and state fill in), sees the courier's
// estimate, pays; the seller ships with the Ship sheet and gets a label; the simulated courier is moved
// to delivered (no scanning); the buyer follows it, returns the item, and sees the refund once the
// return is back. PARCEL_SHOTS=1 keeps screenshots at 390×844 and 360×740, English and Hindi.
const shots = phoneShots('PARCEL_SHOTS', 'parcels');
const SHOTS = shots.dir;

// A 64×48 PNG (a plain grey picture): small, and one the server has to decode and re-encode.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYklEQVRogdXOQREAAAyDMOQjeyL62BEFwTiMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwziMwzi+A6sDbAEhHnZzboAAAAAASUVORK5CYII=',
  'base64',
);

async function advance(page: Page, awb: string, to: string) {
  const moved = await page.request.post(`/api/shipping/sim/${awb}/advance`, { data: { to } });
  expect(moved.ok(), await moved.text()).toBe(true);
}

test('buy, ship with a label, delivered by the courier, returned and refunded', async ({ browser }) => {
  test.setTimeout(240_000);
  const seller = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const buyer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();

  await signIn(seller, freshPhone(), 'Lakshmi');
  expect((await seller.request.post('/api/sellers', { data: { storeName: 'Lakshmi Silver', description: 'Silver jewellery from Cuttack', category: 'jewelry' } })).status()).toBe(201);
  expect((await seller.request.post('/api/products', { data: { name: 'Filigree jhumka', price: '650', category: 'jewelry', countryOfOrigin: 'IN', stockQuantity: 5 } })).status()).toBe(201);
  const stream = await seller.request.post('/api/streams', { data: { title: 'Silver, live' } });
  const streamId = ((await stream.json()) as { id: string }).id;
  await seller.goto(`/stream/${streamId}`);
  await seller.getByRole('button', { name: 'Feature', exact: true }).first().click();
  await expect(seller.getByText('Featured Now')).toBeVisible();

  // The buyer: the PIN code fills the city and state; the checkout shows the courier's estimate.
  await signIn(buyer, freshPhone(), 'Meera');
  await buyer.goto(`/stream/${streamId}`);
  await expect(buyer.getByText('Featured Now')).toBeVisible({ timeout: 30_000 });
  await buyer.getByRole('button', { name: 'Quick Buy' }).click();
  const form = buyer.getByRole('form', { name: 'New address' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Full name').fill('Meera Iyer');
  await form.getByLabel('Mobile number').fill('98450 12345');
  await form.getByLabel('PIN code').fill('999999');
  await expect(form.getByText('This PIN code is not in the India Post directory')).toBeVisible();
  await form.getByLabel('PIN code').fill('560034');
  await expect(form.getByLabel('City or town')).toHaveValue('Bengaluru');
  await expect(form.getByLabel('State')).toHaveValue('Karnataka');
  await form.getByLabel('House number and street').fill('12, 4th Cross, Koramangala');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(buyer.getByText('Meera Iyer · 9845012345')).toBeVisible();
  await expect(buyer.getByText(/Delivery in \d+ days/)).toBeVisible({ timeout: 15_000 });
  await shots(buyer, 'checkout-en');
  // Two pairs: one goes back later, the other stays.
  await buyer.getByRole('group', { name: /Filigree jhumka/ }).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(buyer.getByRole('button', { name: /^Pay .*1,300/ })).toBeVisible();
  await buyer.locator('label', { hasText: 'UPI' }).click();
  await buyer.getByRole('button', { name: /^Pay / }).click();
  await buyer.frameLocator('iframe').getByRole('button', { name: 'Approve payment' }).click();
  await expect(buyer.getByText('Order placed')).toBeVisible();

  // The seller ships from the dashboard: pickup address once, then the parcel's weight and size.
  await seller.goto('/seller/dashboard');
  await seller.getByRole('button', { name: 'Ship', exact: true }).first().click();
  // Two pairs of the product's default packed weight.
  await expect(seller.getByLabel('Weight (g)')).toHaveValue('1000');
  await seller.getByRole('button', { name: 'Book the courier' }).click();
  await expect(seller.getByRole('heading', { name: 'Add your pickup address' })).toBeVisible();
  const pickup = seller.getByRole('dialog');
  await pickup.getByLabel('Full name').fill('Lakshmi Das');
  await pickup.getByLabel('Mobile number').fill('94370 12345');
  await pickup.getByLabel('PIN code').fill('753001');
  await expect(pickup.getByLabel('State')).toHaveValue('Odisha');
  await pickup.getByLabel('House number and street').fill('Plot 4, Chandni Chowk');
  await seller.getByRole('button', { name: 'Save and ship' }).click();
  await expect(seller.getByText(/shipped$/).first()).toBeVisible({ timeout: 15_000 });
  const label = seller.getByRole('link', { name: 'Label (PDF)' }).first();
  await expect(label).toBeVisible();
  const pdf = await seller.request.get((await label.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await shots(seller, 'shipped-en');

  const [order] = (await (await buyer.request.get('/api/orders')).json()) as Array<{ id: string }>;
  const detail = (await (await buyer.request.get(`/api/orders/${order!.id}`)).json()) as { parcel: { awb: string } };
  await advance(seller, detail.parcel.awb, 'delivered');

  // The buyer follows the parcel, then returns the item.
  await buyer.goto('/orders');
  await buyer.getByRole('button', { name: 'View Details' }).first().click();
  await expect(buyer.getByText('Out for delivery').first()).toBeVisible();
  await expect(buyer.getByText('Delivered').first()).toBeVisible();
  await shots(buyer, 'tracking-en');
  await buyer.getByRole('button', { name: 'Return items' }).click();
  await buyer.getByRole('checkbox').first().check();
  // One pair of the two goes back.
  await buyer.getByRole('group', { name: 'How many of Filigree jhumka to return' }).getByRole('button', { name: 'Decrease quantity' }).click();
  await shots(buyer, 'return-units-en');
  await buyer.getByText('Arrived damaged').click();
  await buyer.getByLabel('Note for the seller (optional)').fill('The hook is bent');
  // A photo of the bent hook, from the phone's gallery: uploaded at once, sent with the return.
  const chooser = buyer.waitForEvent('filechooser');
  await buyer.getByRole('button', { name: 'Add a photo' }).click();
  await (await chooser).setFiles({ name: 'hook.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(buyer.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(buyer.getByRole('status', { name: 'Uploading photo…' })).toHaveCount(0);
  await buyer.getByRole('button', { name: 'Add a photo' }).scrollIntoViewIfNeeded();
  await shots(buyer, 'return-sheet-en');
  await buyer.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(buyer.getByText('Return requested').first()).toBeVisible();

  // The seller approves; the courier picks it up and brings it back; the buyer is refunded.
  await seller.goto('/seller/dashboard');
  await expect(seller.getByRole('button', { name: 'Approve return' })).toBeVisible();
  await seller.getByRole('button', { name: 'Approve return' }).scrollIntoViewIfNeeded();
  // The buyer's photo reached the seller: the server's copy, decoded by the browser.
  const sent = seller.getByRole('img', { name: 'Photo 1' });
  await expect(sent).toHaveAttribute('src', /^\/uploads\/returns\/[0-9a-f-]{36}\.webp$/);
  await expect.poll(() => sent.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  if (SHOTS) await seller.screenshot({ path: path.join(SHOTS, 'seller-return-en-390x844.png') });
  await seller.getByRole('button', { name: 'Approve return' }).click();
  await expect(seller.getByText('Return approved').first()).toBeVisible();
  const [ret] = (await (await buyer.request.get(`/api/orders/${order!.id}/returns`)).json()) as Array<{ awb: string }>;
  await advance(seller, ret!.awb, 'delivered');
  await buyer.reload();
  await buyer.getByRole('button', { name: 'View Details' }).first().click();
  await expect(buyer.getByText('Refund: ₹650.00').first()).toBeVisible({ timeout: 15_000 });
  await shots(buyer, 'refunded-en');
  // The other pair can still go back; the seller sees one of two refunded.
  await expect(buyer.getByRole('button', { name: 'Return items' })).toBeVisible();
  await seller.reload();
  await expect(seller.getByText(/Refund.* · ₹650.00 · × 1/).first()).toBeVisible();
  await expect(seller.getByText('Filigree jhumka × 2').first()).not.toHaveClass(/line-through/);

  // Issue 28: the buyer rates what arrived, the store answers, and the show carries the real rating.
  await buyer.getByRole('button', { name: 'Rate Filigree jhumka' }).click();
  const rate = buyer.getByRole('dialog', { name: 'How was Filigree jhumka?' });
  // A tap on the fourth star (the radio inside it is for screen readers).
  await rate.locator('label').filter({ has: buyer.getByRole('radio', { name: '4 stars' }) }).click();
  await expect(rate.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await rate.getByLabel('Your review (optional)').fill('Fine filigree work, one hook came bent');
  await shots(buyer, 'review-sheet-en');
  await rate.getByRole('button', { name: 'Post review' }).click();
  await expect(rate.getByText('Thank you for your review')).toBeVisible();
  await rate.getByRole('button', { name: 'Done' }).click();
  await expect(buyer.getByRole('img', { name: '4 stars' })).toBeVisible();
  await seller.reload();
  await expect(seller.getByText('Fine filigree work, one hook came bent')).toBeVisible();
  await seller.getByRole('button', { name: /^Reply to / }).click();
  await seller.getByRole('textbox', { name: /^Reply to / }).fill('Sorry about the hook: the new batch has stronger ones.');
  await seller.getByRole('button', { name: 'Send reply' }).click();
  await expect(seller.getByText('Reply from Lakshmi Silver')).toBeVisible();
  await seller.getByText('Reply from Lakshmi Silver').scrollIntoViewIfNeeded();
  await shots(seller, 'seller-reviews-en');
  await buyer.goto(`/stream/${streamId}`);
  await expect(buyer.getByLabel('Rated 4 from 1 review')).toBeVisible();
  await buyer.getByLabel('Rated 4 from 1 review').click();
  await expect(buyer.getByText('Sorry about the hook: the new batch has stronger ones.')).toBeVisible();
  await shots(buyer, 'store-reviews-en');
  await buyer.keyboard.press('Escape');

  // The same screens in Hindi.
  if (SHOTS) {
    await buyer.request.patch('/api/auth/profile', { data: { language: 'hi' } });
    await buyer.evaluate(() => localStorage.setItem('language', 'hi'));
    await buyer.goto('/orders');
    await buyer.getByRole('button').filter({ hasText: 'विवरण' }).first().click();
    await expect(buyer.getByRole('dialog')).toBeVisible();
    await buyer.getByRole('dialog').getByText('रिफ़ंड', { exact: false }).first().scrollIntoViewIfNeeded();
    await buyer.screenshot({ path: path.join(SHOTS, 'refunded-hi-390x844.png') });
    await buyer.setViewportSize({ width: 360, height: 740 });
    await buyer.screenshot({ path: path.join(SHOTS, 'refunded-hi-360x740.png') });
    // The return sheet in Hindi, for the pair left.
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.getByRole('button', { name: 'सामान वापस करें' }).click();
    await buyer.getByRole('checkbox').first().check();
    await shots(buyer, 'return-sheet-hi');
    await buyer.getByRole('button', { name: 'फ़ोटो जोड़ें' }).scrollIntoViewIfNeeded();
    await shots(buyer, 'return-photos-hi');
    await buyer.goto(`/stream/${streamId}`);
    await buyer.getByLabel('1 समीक्षा से 4 रेटिंग').click();
    await expect(buyer.getByText('Lakshmi Silver का जवाब')).toBeVisible();
    await shots(buyer, 'store-reviews-hi');
  }
});
